// The recall sources the recall watcher reads, from the settings. A second source (Health Canada,
// the EU's Safety Gate) is one module implementing RecallSource (./recall-source.ts) and one line here.
import type { Settings } from '../../config/env.ts';
import { linkUserAgent } from '../mcp/links.ts';
import { cpscSource } from './cpsc.ts';
import type { RecallSource } from './recall-source.ts';

/** The sources, or why there are none (RECALLS_API_URL is not a URL). */
export function recallSources(s: Settings): { ok: true; sources: RecallSource[] } | { ok: false; problem: string } {
  const url = s.admin.watch.recallsApiUrl;
  if (!url.ok) return { ok: false, problem: url.missing.join(', ') };
  return { ok: true, sources: [cpscSource({ baseUrl: url.value, userAgent: linkUserAgent(s.site.url) })] };
}
