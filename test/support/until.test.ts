import { until } from './until';

describe('until', () => {
  it('resolves once the condition holds, sync or async', async () => {
    let asked = 0;
    await until(() => ++asked >= 3, 'the third ask', { everyMs: 1 });
    expect(asked).toBe(3);
    await until(async () => ++asked >= 5, 'the fifth ask', { everyMs: 1 });
    expect(asked).toBe(5);
  });

  it('fails after the timeout, naming what it waited for', async () => {
    await expect(until(() => false, 'a condition that never holds', { timeoutMs: 20, everyMs: 1 })).rejects.toThrow(
      'Timed out after 20 ms waiting for a condition that never holds',
    );
  });
});
