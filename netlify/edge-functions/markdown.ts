// Markdown negotiation for HTML pages, and the 404 that names the path. A request preferring
// text/markdown (or text/plain) gets the page's Markdown twin, with a strong ETag and a 304 for a
// matching If-None-Match; any other request passes through to the static page untouched, unless
// there is no page, where the 404 body names the path.
// It only ever fetches from its own origin, and any failure to read a twin leaves the request to
// the HTML page. Routes live in netlify.toml [[edge_functions]] (inline config is not read offline).
import { ifNoneMatch, strongEtag } from '../../src/cdn/etag.ts';
import { negotiatePage } from '../../src/cdn/negotiate.ts';
import { markdownHeaders } from '../../src/cdn/markdown-response.ts';
import { notFoundResponse } from '../../src/cdn/not-found.ts';
import { pageOfTwin, twinPath } from '../../src/catalog/urls.ts';

/** The part of Netlify's edge context used here (kept local: no bare import for Deno to resolve). */
interface Context {
  next(): Promise<Response>;
}

/** Paths with a file extension in their last segment are files, never pages… */
const HAS_EXTENSION = /\.[^/]*$/;
/** …except the HTML spellings of a page ("/about.html", "/about/index.html"), which are the page.
 * (netlify-cli also retries every 404 under these spellings, so the 404 must survive them.) */
const HTML_SPELLING = /(?:\/index)?\.html?$/;

/** A path that starts with exactly one `/`: anything else is no page of this site. */
const ONE_LEADING_SLASH = /^\/(?![/\\])/;

export default async function markdown(request: Request, context: Context): Promise<Response | undefined> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return;
  const url = new URL(request.url);
  // `//host/x` (URL parsing turns `/\host/x` into it) would name another host wherever it is
  // resolved against a URL. It is no page: Netlify's own rules answer it (the static 404).
  if (!ONE_LEADING_SLASH.test(url.pathname)) return;
  const page = url.pathname.replace(HTML_SPELLING, '') || '/';
  if (HAS_EXTENSION.test(page) || !ONE_LEADING_SLASH.test(page)) return;
  // Every URL below is built from this site's origin and a path with one leading slash.
  const pageUrl = new URL(page, url.origin);
  const format = negotiatePage(request.headers.get('accept'));

  if (format === 'html') {
    const res = await context.next();
    if (res.status !== 404) return res;
    await res.body?.cancel();
    return notFoundResponse(pageUrl, format, request.method);
  }

  const twin = twinPath(page);
  let status: number;
  let body = '';
  try {
    const res = await fetch(new URL(twin, url.origin), { headers: { accept: 'text/markdown' } });
    status = res.status;
    if (status === 200) body = await res.text();
    else await res.body?.cancel();
  } catch {
    return; // the twin could not be read (network or stream failure): let the HTML page answer
  }
  if (status === 404) return notFoundResponse(pageUrl, format, request.method);
  if (status !== 200) return; // the twin could not be read (5xx): let the HTML page answer
  const canonical = new URL(pageOfTwin(twin), url.origin).href;
  const etag = await strongEtag(body, format);
  const headers = markdownHeaders(body, format, { link: `<${canonical}>; rel="canonical"`, etag });
  // A client holding this exact text gets 304 with the validators and no body (RFC 9110 §15.4.5).
  if (ifNoneMatch(request.headers.get('if-none-match'), etag)) {
    for (const h of ['content-type', 'x-markdown-tokens', 'x-robots-tag']) headers.delete(h);
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}
