/** The shop's injected clock for a test: fixed at `start` until the test moves it on or sets it. */
export function testClock(start: string) {
  let now = Date.parse(start);
  return Object.assign(() => new Date(now), {
    set: (iso: string) => (now = Date.parse(iso)),
    advance: (ms: number) => (now += ms),
    advanceMinutes: (minutes: number) => (now += minutes * 60_000),
  });
}
