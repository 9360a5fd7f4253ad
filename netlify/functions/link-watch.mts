// Hourly: checks a slice of the published products' shop links and the failing ones due again, and
// turns what stays broken into proposals (src/server/watch/link-watch.ts). Everything it does is in
// its log lines; a failure is logged and the next hour carries on. WATCHERS_PAUSED=true stops it.
import type { Config } from '@netlify/functions';
import { settings } from '../../src/config/env.ts';
import { sharedStoreFor } from '../../src/server/store/choose.ts';
import { linkWatchDeps } from '../../src/server/watch/deps.ts';
import { runLinkWatch } from '../../src/server/watch/link-watch.ts';

export default async () => {
  const s = settings();
  if (s.admin.watch.paused) return console.log('link watch: paused (WATCHERS_PAUSED); nothing checked.');
  const store = sharedStoreFor(s.store);
  if (!store.ok) return console.error(`link watch FAILED: no shared store (${store.missing}); nothing checked.`);
  for (const p of s.admin.watch.reviewers.problems) console.error(`link watch: ${p}; ignored.`);
  try {
    const run = await runLinkWatch(linkWatchDeps(s, store.store, (line) => console.log(line)));
    if (run === null) console.log('link watch: another run is still going; this one stands down.');
  } catch (err) {
    console.error(
      `link watch FAILED: ${err instanceof Error ? err.message : String(err)} Nothing was recorded; the next hourly run tries again.`,
    );
  }
};

export const config: Config = { schedule: '@hourly' };
