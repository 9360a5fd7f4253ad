// The recall sources the recall watcher reads, from the settings: one line each. A source is one
// module implementing RecallSource (./recall-source.ts), whether it answers searches (CPSC),
// publishes one whole file (Health Canada) or numbered reports (the EU's Safety Gate).
import type { Settings } from '../../config/env.ts';
import { linkUserAgent } from '../mcp/links.ts';
import { cpscSource } from './cpsc.ts';
import { healthCanadaSource } from './health-canada.ts';
import type { RecallSource } from './recall-source.ts';
import { safetyGateSource } from './safety-gate.ts';

/** The sources, or why there are none (a source's URL setting is not a URL). */
export function recallSources(s: Settings): { ok: true; sources: RecallSource[] } | { ok: false; problem: string } {
  const { recallsApiUrl, healthCanadaUrl, safetyGateUrl } = s.admin.watch;
  const problems = [recallsApiUrl, healthCanadaUrl, safetyGateUrl].flatMap((u) => (u.ok ? [] : u.missing));
  if (!recallsApiUrl.ok || !healthCanadaUrl.ok || !safetyGateUrl.ok) return { ok: false, problem: problems.join(', ') };
  const userAgent = linkUserAgent(s.site.url);
  return {
    ok: true,
    sources: [
      cpscSource({ baseUrl: recallsApiUrl.value, userAgent }),
      healthCanadaSource({ url: healthCanadaUrl.value, userAgent }),
      safetyGateSource({ url: safetyGateUrl.value, userAgent }),
    ],
  };
}
