// Headers of Markdown-text responses built per request (page twins from the edge function, the
// 404 body). Static files get theirs from ./header-rules.ts; code sets every header it needs itself.
// Every Markdown answer repeats robots.txt's content signal, as Cloudflare's Markdown for Agents does.
import { CONTENT_SIGNAL_LINE } from '../config/site.ts';
import { markdownContentType, type PageFormat } from './negotiate.ts';
import { estimateTokens } from './tokens.ts';
import { addSecurityHeaders } from '../contract/security-headers.ts';

/** Browsers revalidate pages on every view; the CDN keeps them until the next deploy purges it. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export function markdownHeaders(body: string, format: PageFormat, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({
    'content-type': markdownContentType(format),
    vary: 'Accept',
    'x-markdown-tokens': String(estimateTokens(body)),
    'cache-control': PAGE_CACHE_CONTROL,
    'x-robots-tag': 'noindex',
    'access-control-allow-origin': '*',
    'content-signal': CONTENT_SIGNAL_LINE,
    ...extra,
  });
  return addSecurityHeaders(headers);
}
