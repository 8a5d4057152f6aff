import { oneAtATime } from '../../src/uploads/one-at-a-time';

describe('one upload at a time', () => {
  it('runs tasks one after another, in the order they came', async () => {
    const inTurn = oneAtATime(4);
    const log: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running += 1;
      log.push(`${name} starts with ${running} running`);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return name;
    };
    const results = await Promise.all([inTurn(task('a')), inTurn(task('b')), inTurn(task('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a starts with 1 running', 'b starts with 1 running', 'c starts with 1 running']);
  });

  it('goes on after a task fails', async () => {
    const inTurn = oneAtATime(4);
    await expect(inTurn(() => Promise.reject(new Error('bad photo')))).rejects.toThrow('bad photo');
    await expect(inTurn(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a task once the queue is full, and takes one again when it drains', async () => {
    const inTurn = oneAtATime(1);
    let release!: () => void;
    const first = inTurn(() => new Promise<void>((resolve) => (release = resolve)));
    const second = inTurn(async () => 'waited');
    await expect(inTurn(async () => 'third')).rejects.toThrow('Other photos are being uploaded; please try again in a moment');
    release();
    await first;
    await expect(second).resolves.toBe('waited');
    await expect(inTurn(async () => 'later')).resolves.toBe('later');
  });
});
