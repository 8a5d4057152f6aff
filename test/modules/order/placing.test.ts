import { runSteps, type Step } from '../../../modules/order/placing';

/** Steps that write what they do into `log`; `fails` names the one whose run throws. */
function steps(names: string[], log: string[], options: { fails?: string; pivot?: string; undoFails?: string } = {}): Step[] {
  return names.map((name) => ({
    name,
    pivot: name === options.pivot,
    async run() {
      if (name === options.fails) throw new Error(`${name} failed`);
      log.push(name);
    },
    async undo() {
      if (name === options.undoFails) throw new Error(`undoing ${name} failed`);
      log.push(`undo ${name}`);
    },
  }));
}

describe('the placing sequence\'s runner', () => {
  it('runs every step in order', async () => {
    const log: string[] = [];
    await runSteps(steps(['voucher', 'sale', 'submit'], log));
    expect(log).toEqual(['voucher', 'sale', 'submit']);
  });

  it('undoes the steps done, in reverse, when one fails, and fails as it did', async () => {
    const log: string[] = [];
    await expect(runSteps(steps(['voucher', 'sale', 'freeze', 'payment'], log, { fails: 'freeze' }))).rejects.toThrow('freeze failed');
    expect(log).toEqual(['voucher', 'sale', 'undo sale', 'undo voucher']);
  });

  it('undoes nothing once a pivot is done: what follows it is finished forward', async () => {
    const log: string[] = [];
    await expect(runSteps(steps(['voucher', 'sale', 'submit', 'check out'], log, { pivot: 'submit', fails: 'check out' }))).rejects.toThrow('check out failed');
    expect(log).toEqual(['voucher', 'sale', 'submit']);
  });

  it('stops undoing at an undo that fails, as a crash would, tells of it, and still fails with the step\'s own error', async () => {
    const log: string[] = [];
    const told: string[] = [];
    const undoFailed = (error: unknown, failedStep: string) => told.push(`${failedStep}: ${(error as Error).message}`);
    await expect(runSteps(steps(['voucher', 'sale', 'submit'], log, { fails: 'submit', undoFails: 'sale' }), undoFailed)).rejects.toThrow('submit failed');
    expect(log).toEqual(['voucher', 'sale']);
    expect(told).toEqual(['submit: undoing sale failed']);
  });
});
