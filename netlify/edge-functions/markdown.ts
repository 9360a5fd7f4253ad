// Markdown negotiation for HTML pages, and the 404 that names the path. A request preferring
// text/markdown (or text/plain) gets the page's Markdown twin; any other request passes through
// to the static page untouched, unless there is no page, where the 404 body names the path.
// Routes live in netlify.toml [[edge_functions]] (inline config is not read offline).
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

export default async function markdown(request: Request, context: Context): Promise<Response | undefined> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return;
  const url = new URL(request.url);
  const page = url.pathname.replace(HTML_SPELLING, '') || '/';
  if (HAS_EXTENSION.test(page)) return;
  const pageUrl = new URL(page, url);
  const format = negotiatePage(request.headers.get('accept'));

  if (format === 'html') {
    const res = await context.next();
    if (res.status !== 404) return res;
    await res.body?.cancel();
    return notFoundResponse(pageUrl, format, request.method);
  }

  const twin = twinPath(page);
  const res = await fetch(new URL(twin, url), { headers: { accept: 'text/markdown' } });
  if (res.status !== 200) {
    await res.body?.cancel();
    if (res.status === 404) return notFoundResponse(pageUrl, format, request.method);
    return; // the twin could not be read (5xx): let the HTML page answer
  }
  const body = await res.text();
  const canonical = new URL(pageOfTwin(twin), url).href;
  const headers = markdownHeaders(body, format, { link: `<${canonical}>; rel="canonical"` });
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}
