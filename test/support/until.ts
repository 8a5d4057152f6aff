/**
 * Resolves once `check` holds, asking it again every `everyMs`; fails after `timeoutMs` naming `what` it waited for.
 * The one wait-for-condition of the tests: for a state with no event to await, and never a fixed sleep.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 10_000, everyMs = 5 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
