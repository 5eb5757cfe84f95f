/**
 * Polls `check` until it holds, however loaded the machine; throws naming `what` after `timeoutMs`.
 * Tests wait with it instead of sleeping a fixed time and hoping enough has happened.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
