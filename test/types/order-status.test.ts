import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countsInTally, KITCHEN_STATUSES } from '../../src/shared/order';

const root = path.resolve(__dirname, '../..');

/**
 * Type-level: a status added to KITCHEN_STATUSES is a compile error wherever every status must be handled (the
 * day's tally, the live-orders screen's row colours and actions). The test adds one to a copy of the tree and
 * has the compiler check the copy: it must fail, naming those places, where the unchanged tree compiles.
 */
describe('adding an order status', () => {
  let copy: string;

  beforeAll(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'order-status-'));
    for (const folder of ['src', 'modules', 'projections', 'web/src']) cpSync(path.join(root, folder), path.join(copy, folder), { recursive: true });
    for (const file of ['tsconfig.json', 'web/tsconfig.json', 'web/vite.config.mts']) cpSync(path.join(root, file), path.join(copy, file));
    symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
    const shared = path.join(copy, 'src/shared/order.ts');
    const source = readFileSync(shared, 'utf8');
    const added = source.replace("'COMPLETE', 'CANCELLED'] as const", "'COMPLETE', 'CANCELLED', 'REFUNDED'] as const");
    if (added === source) throw new Error('KITCHEN_STATUSES is no longer written as this test expects: update the test');
    writeFileSync(shared, added);
  });

  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  const typecheck = (project: string) => {
    const result = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['--noEmit', '-p', project], { cwd: copy, encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };

  it('fails to compile the web app where the screen handles every status', () => {
    const { status, output } = typecheck('web/tsconfig.json');
    expect(status).not.toBe(0);
    expect(output).toMatch(/src\/shared\/order\.ts.*never/);
    expect(output).toMatch(/features\/staff\/orders\/OrderRow\.tsx/);
    expect(output).toMatch(/features\/staff\/orders\/StatusCell\.tsx/);
  }, 120_000);

  it('fails to compile the server where the tally counts every status', () => {
    const { status, output } = typecheck('tsconfig.json');
    expect(status).not.toBe(0);
    expect(output).toMatch(/src\/shared\/order\.ts/);
  }, 120_000);

  it('the tally rule answers for every status there is', () => {
    expect(KITCHEN_STATUSES.filter(countsInTally)).toEqual(['SCHEDULED', 'NEW', 'PRINTED', 'NOTIFIED', 'COMPLETE']);
  });
});
