// Posting the Netlify build hook (BUILD_HOOK_URL): one POST that starts a production build and
// deploy. Shared by the trigger_rebuild tool and the scheduled rebuild; the answer says why a post
// failed in words an operator can act on, and carries no part of the hook's secret URL.

export type HookResult = { ok: true; status: number } | { ok: false; reason: string };

export const HOOK_NOT_SET =
  'BUILD_HOOK_URL is not set. Create a build hook in Netlify (Site configuration → Build & deploy → Build hooks) and set its URL as BUILD_HOOK_URL in the site environment.';

/** How long a post may take before it counts as failed. */
export const HOOK_TIMEOUT_MS = 10_000;

/** POSTs the hook with `title` as the deploy's title in Netlify. */
export async function postBuildHook(
  hookUrl: string | undefined,
  title: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = HOOK_TIMEOUT_MS,
): Promise<HookResult> {
  if (!hookUrl) return { ok: false, reason: HOOK_NOT_SET };
  let hook: URL;
  try {
    hook = new URL(hookUrl);
  } catch {
    return { ok: false, reason: 'BUILD_HOOK_URL is not a valid URL.' };
  }
  hook.searchParams.set('trigger_title', title);
  let res: Response;
  try {
    res = await fetchImpl(hook, { method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel().catch(() => {});
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    return {
      ok: false,
      reason: timedOut
        ? `The build hook did not answer within ${timeoutMs / 1000} s.`
        : `The build hook could not be reached: ${err instanceof Error ? err.message : String(err)}.`,
    };
  }
  if (!res.ok) return { ok: false, reason: `The build hook answered HTTP ${res.status}; check BUILD_HOOK_URL.` };
  return { ok: true, status: res.status };
}
