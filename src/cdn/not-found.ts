// The 404 answer for every unknown path outside /api/products/: a short Markdown text that names
// the path asked for and points to the home page, the sitemap, the agent index and the JSON catalog.
import type { PageFormat } from './negotiate.ts';
import { markdownHeaders } from './markdown-response.ts';

const MAX_PATH_SHOWN = 300;

/**
 * The Markdown body. With a path it names it (as a code span: a URL pathname cannot hold a
 * backtick); without one it is the static fallback (public/404.txt) for files that do not exist.
 * Links are absolute when `origin` is given, site-relative otherwise.
 */
export function notFoundMarkdown(path: string | null, origin = ''): string {
  let what = 'The page you asked for does not exist.';
  if (path !== null) {
    const shown = path.length > MAX_PATH_SHOWN ? `${path.slice(0, MAX_PATH_SHOWN)}…` : path;
    what = `Nothing is published at \`${shown.replaceAll('`', '%60')}\`.`;
  }
  return [
    '# Page not found',
    '',
    `${what} The page may have moved, or the product may no longer be listed.`,
    '',
    'Where to go instead:',
    '',
    `- [Home page](${origin}/): browse the catalog`,
    `- [Sitemap](${origin}/sitemap.xml): every page of the site`,
    `- [Agent index](${origin}/llms.txt): what this catalog is and how to read it, for AI agents`,
    `- [JSON catalog](${origin}/api/products.json): every published product in one document`,
    '',
    'Every page is also available as Markdown: request it with `Accept: text/markdown` or add `.md` to its path.',
    '',
  ].join('\n');
}

/**
 * 404 for the unknown page `url` in the negotiated format: `text/markdown` when the client prefers
 * Markdown, otherwise `text/plain` (a browser shows text/plain inline; see docs/cdn.md).
 */
export function notFoundResponse(url: URL, format: PageFormat, method: string): Response {
  const body = notFoundMarkdown(url.pathname, url.origin);
  const headers = markdownHeaders(body, format, { 'cache-control': 'no-cache' });
  return new Response(method === 'HEAD' ? null : body, { status: 404, headers });
}
