// The hourly rebuild, run by a Netlify scheduled function (netlify/functions/scheduled-rebuild.mts):
// it posts the build hook only when a scheduled product has become due since the deployed build.
//
// Content changes need no timer (a push to main builds on its own); the hour matters only for
// `publishAt`. The deployed admin catalog holds each product's status as of its build time and its
// `publishAt`, so a product is due when the deployed build still holds it back ("scheduled") and its
// time has come. A build that fails leaves the old catalog deployed, so the product stays due and
// the next hour tries again; a build that succeeds publishes it, so it is never due twice.
//
// One post per hour at most: the post is claimed in the shared store under the hour's key before it
// is sent, so a second instance in the same hour finds the claim and stands down. A failed post
// releases its claim, so nothing records it and the next run (the next hour) posts again.
import type { AdminCatalog } from '../admin-catalog/admin-index.ts';
import type { SharedStore } from '../store/shared-store.ts';
import { postBuildHook } from './build-hook.ts';

const HOUR_MS = 3_600_000;

/** The slugs the deployed build holds back whose `publishAt` has passed by `now`. */
export function dueProducts(catalog: AdminCatalog, now: Date): string[] {
  const status = catalog.column('status');
  const publishAt = catalog.column('publishAt');
  const slugs = catalog.column('slug');
  const due: string[] = [];
  for (let i = 0; i < catalog.count; i++) {
    const at = publishAt[i];
    if (status[i] === 'scheduled' && at && Date.parse(at) <= now.getTime()) due.push(slugs[i]!);
  }
  return due;
}

export type RebuildOutcome =
  | { result: 'nothing-due'; builtAt: string }
  | { result: 'posted'; due: string[]; status: number }
  | { result: 'already-posted'; due: string[]; hour: string }
  | { result: 'failed'; due: string[]; reason: string };

export interface ScheduledRebuildDeps {
  /** The deployed admin catalog (the build's own, next to the function). */
  catalog: () => Promise<AdminCatalog>;
  /** Where the hour's post is claimed; null when no store is configured. */
  store: SharedStore | null;
  buildHookUrl: string | undefined;
  now: () => Date;
  fetch?: typeof fetch;
  /** How long the hook may take to answer (HOOK_TIMEOUT_MS). */
  hookTimeoutMs?: number;
}

/** The store key of the post made in the hour that holds `now`, and when that hour ends. */
export function hourClaim(now: Date): { key: string; hour: string; expiresAt: number } {
  const start = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const hour = new Date(start).toISOString().slice(0, 13);
  return { key: `scheduled-rebuild/${hour}`, hour, expiresAt: start + HOUR_MS };
}

export async function runScheduledRebuild(deps: ScheduledRebuildDeps): Promise<RebuildOutcome> {
  const now = deps.now();
  const catalog = await deps.catalog();
  const due = dueProducts(catalog, now);
  if (due.length === 0) return { result: 'nothing-due', builtAt: catalog.builtAt.toISOString() };
  if (!deps.store)
    return {
      result: 'failed',
      due,
      reason: 'no shared store to record the post in (Netlify Blobs or REDIS_URL), so nothing was posted.',
    };
  const claim = hourClaim(now);
  if (!(await deps.store.claim(claim.key, claim.expiresAt))) return { result: 'already-posted', due, hour: claim.hour };
  const title = `Scheduled: ${due.length} product${due.length === 1 ? '' : 's'} due (${due.slice(0, 3).join(', ')}${due.length > 3 ? ', …' : ''})`;
  const res = await postBuildHook(deps.buildHookUrl, title, deps.fetch, deps.hookTimeoutMs);
  if (res.ok) return { result: 'posted', due, status: res.status };
  await deps.store.release(claim.key, claim.expiresAt);
  return { result: 'failed', due, reason: res.reason };
}

/** The one log line of a run. */
export function describeOutcome(o: RebuildOutcome): string {
  switch (o.result) {
    case 'nothing-due':
      return `scheduled rebuild: nothing due since the deployed build of ${o.builtAt}; no build started.`;
    case 'posted':
      return `scheduled rebuild: ${o.due.length} due (${o.due.join(', ')}); build hook answered ${o.status}, a build has started.`;
    case 'already-posted':
      return `scheduled rebuild: ${o.due.length} due, but a build was already started in the hour ${o.hour}:00Z; not posting again.`;
    case 'failed':
      return `scheduled rebuild FAILED: ${o.due.length} due (${o.due.join(', ')}), but ${o.reason} The next hourly run tries again.`;
  }
}
