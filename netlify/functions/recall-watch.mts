// Hourly: reads product-safety recalls (CPSC's service, RECALLS_API_URL; Health Canada's daily file,
// HEALTH_CANADA_RECALLS_URL; the EU Safety Gate's weekly reports, SAFETY_GATE_REPORTS_URL; each
// source once a day, the whole history of brands new to the catalog a few at a time from CPSC) and
// proposes to unpublish what they match (src/server/watch/recall-watch.ts). Everything it does is
// in its log lines; a failed read is retried the next hour; a run that fails (its state unwritten,
// the store or the catalog unreadable) fails the invocation. WATCHERS_PAUSED=true stops it.
import type { Config } from '@netlify/functions';
import { settings } from '../../src/config/env.ts';
import { sharedStoreFor } from '../../src/server/store/choose.ts';
import { recallWatchDeps } from '../../src/server/watch/deps.ts';
import { recallSources } from '../../src/server/watch/recall-sources.ts';
import { RecallStateNotWritten, runRecallWatch } from '../../src/server/watch/recall-watch.ts';

export default async () => {
  const s = settings();
  if (s.admin.watch.paused) return console.log('recall watch: paused (WATCHERS_PAUSED); nothing read.');
  const store = sharedStoreFor(s.store);
  if (!store.ok) return console.error(`recall watch FAILED: no shared store (${store.missing}); nothing read.`);
  const sources = recallSources(s);
  if (!sources.ok) return console.error(`recall watch FAILED: ${sources.problem}; nothing read.`);
  for (const p of s.admin.watch.reviewers.problems) console.error(`recall watch: ${p}; ignored.`);
  try {
    const run = await runRecallWatch(recallWatchDeps(s, store.store, sources.sources, (line) => console.log(line)));
    if (run === null) console.log('recall watch: another run is still going; this one stands down.');
  } catch (err) {
    // A state not written was said in the run's own lines; either way the invocation fails.
    if (!(err instanceof RecallStateNotWritten))
      console.error(
        `recall watch FAILED: ${err instanceof Error ? err.message : String(err)} Nothing was recorded; the next hourly run tries again.`,
      );
    throw err;
  }
};

export const config: Config = { schedule: '@hourly' };
