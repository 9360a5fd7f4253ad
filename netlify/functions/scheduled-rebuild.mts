// Hourly: starts a build only when a scheduled product has become due since the deployed build
// (src/server/rebuild/scheduled.ts). Everything it does is one log line; a failure is logged and
// the next hour tries again. Netlify answers any HTTP request to a scheduled function itself in
// production; `netlify serve` runs it on a request, as a test would.
import type { Config } from '@netlify/functions';
import { settings } from '../../src/config/env.ts';
import { catalogCandidates, catalogFilesSource } from '../../src/server/admin-catalog/sources.ts';
import { describeOutcome, runScheduledRebuild } from '../../src/server/rebuild/scheduled.ts';
import { sharedStoreFor } from '../../src/server/store/choose.ts';

export default async () => {
  const s = settings();
  const store = sharedStoreFor(s.store);
  try {
    const outcome = await runScheduledRebuild({
      catalog: () => catalogFilesSource(catalogCandidates(s.admin)).load(),
      store: store.ok ? store.store : null,
      buildHookUrl: s.admin.buildHookUrl,
      now: () => new Date(),
    });
    (outcome.result === 'failed' ? console.error : console.log)(describeOutcome(outcome));
  } catch (err) {
    // The catalog or the store could not be read: nothing was posted, the next hour tries again.
    console.error(
      `scheduled rebuild FAILED: ${err instanceof Error ? err.message : String(err)} Nothing was posted; the next hourly run tries again.`,
    );
  }
};

export const config: Config = { schedule: '@hourly' };
