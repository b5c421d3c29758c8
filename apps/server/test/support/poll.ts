// Waiting for a state that has no event to await (a database row, a process's output): ask until it holds.

/**
 * Polls `check` until it answers a value (a database or process state that has no event to await) and
 * resolves with it.
 */
export async function until<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  ms = 25_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `check` until it holds. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 30_000,
): Promise<void> {
  await until(async () => await check(), what, ms);
}
