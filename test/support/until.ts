// Waits for something the local stack does a moment after a click (a save through the editor's
// gateway is a dozen requests through its functions): a ceiling, not a speed. `what` names it in
// the error when the ceiling is reached.
export async function until<T>(
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  ms = 120_000,
  what = 'it',
  everyMs = 200,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
