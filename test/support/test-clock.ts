/** The shop's injected clock for a test: fixed at `start` until the test moves it on. */
export function testClock(start: string) {
  let now = Date.parse(start);
  return Object.assign(() => new Date(now), { advanceMinutes: (minutes: number) => (now += minutes * 60_000) });
}
