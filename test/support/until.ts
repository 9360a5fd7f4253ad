// Waits for something the local stack does a moment after a click (a save through the editor's
// gateway is a dozen requests through its functions, seconds each on a busy 2-core machine): a
// ceiling, not a speed.
export async function until<T>(check: () => T | undefined | false, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}
