// Every header rule of the static files, in one place: the build writes them into dist/_headers
// (./headers-file.ts); netlify.toml keeps build, functions, edge routes and redirects only.
// Each header name is set by at most one rule matching any path: Netlify joins the values of two
// matching rules, and two joined CSPs are both enforced (test/unit/cdn-config.test.ts checks it).
import { SECURITY_HEADERS } from '../contract/security-headers.ts';
import { CONTENT_SIGNAL_LINE, DATA_LICENSE, PHOTOS } from '../config/site.ts';
import {
  ABOUT_PATH,
  DEVELOPERS_PATH,
  AGES_PATH,
  CATEGORIES_PATH,
  EDITOR_BUNDLE_DIR,
  EDITOR_CODE_DIR,
  EDITOR_CONFIG_PATH,
  EDITOR_PATH,
  PRODUCTS_PATH,
  productJsonPath,
  SEARCH_INDEX_PATH,
  SEARCH_PATH,
  STAFF_PICKS_PATH,
  twinPath,
} from '../catalog/urls.ts';
import { PAGE_CACHE_CONTROL } from './markdown-response.ts';
import { NOT_FOUND_JSON_PATH } from '../contract/api.ts';

export interface HeaderRule {
  /** A Netlify path pattern; `/x/*` also matches `/x` itself, `/x.md` and `/x/2`. */
  for: string;
  /** Why the rule exists, written above it in the file. */
  why?: string;
  values: Record<string, string>;
}

const csp = (scriptSrc: string) =>
  [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self'",
    // Photos come through the Image CDN (same origin) or, in links, from the allowed hosts only.
    `img-src 'self' data: ${PHOTOS.remoteHosts.map((h) => `https://${h}`).join(' ')}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The curators' editor's policy (/admin only): Decap CMS evaluates code ('unsafe-eval') and styles
 * with CSS-in-JS ('unsafe-inline'), shows uploads as blob: and data: images and its preview in a
 * blob: frame. It talks to the site alone (its sign-in and the git gateway, /api/git): the editor
 * keeps its token in localStorage, so no script from anywhere else may run here, and the token is
 * worth nothing outside /api/git.
 */
export const EDITOR_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' blob: data: ${PHOTOS.remoteHosts.map((h) => `https://${h}`).join(' ')}`,
  "font-src 'self'",
  // blob: is the photo a curator picked: Decap reads it back with fetch() when it saves the entry.
  "connect-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The site's policy: no inline or eval'd script or style anywhere. */
export const SITE_CSP = csp("'self'");
/** The search page's: Pagefind compiles WebAssembly. */
export const SEARCH_CSP = csp("'self' 'wasm-unsafe-eval'");

/** Pages and their twins: revalidated on every view; one URL has two representations. */
const PAGE = { 'Cache-Control': PAGE_CACHE_CONTROL, Vary: 'Accept' };
const CORS = { 'Access-Control-Allow-Origin': '*' };
/**
 * Files rebuilt with the catalog: browsers revalidate; the CDN may keep them an hour (the hourly
 * rebuild; a deploy purges it anyway).
 */
const REBUILT_HOURLY = {
  'Cache-Control': PAGE_CACHE_CONTROL,
  'Netlify-CDN-Cache-Control': 'public, durable, max-age=3600, stale-while-revalidate=120',
  'CDN-Cache-Control': 'public, max-age=3600, stale-while-revalidate=120',
};
const CATALOG_FILE = { ...CORS, ...REBUILT_HOURLY };
const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** The page families: each rule also covers the numbered pages of its lists and the twins under it. */
const PAGE_FAMILIES = ['/', `${PRODUCTS_PATH}/*`, `${CATEGORIES_PATH}/*`, `${AGES_PATH}/*`, `${STAFF_PICKS_PATH}/*`];
/** Single pages whose twin (`/about.md`) no family pattern covers. */
const SINGLE_PAGES = ['/', ABOUT_PATH, DEVELOPERS_PATH, SEARCH_PATH];

/**
 * The file a page is served from, which can be asked for by name (`/about.html`, `/index.html`)
 * and is the same page: it needs the page's headers, and no pattern of the page covers it. (Pages
 * under a family, `/products/x.html`, are covered by the family's `/*`.)
 */
const htmlSpelling = (page: string) => (page === '/' ? '/index.html' : `${page.replace(/\/\*$/, '')}.html`);

/** A page rule, and the same rule for its file's own name. */
const pageRules = (page: string, values: Record<string, string>, why?: string): HeaderRule[] => [
  { for: page, ...(why ? { why } : {}), values },
  { for: htmlSpelling(page), values },
];

/** Every fixed rule. */
export const HEADER_RULES: readonly HeaderRule[] = [
  {
    for: '/*',
    why:
      'Security headers for everything. The CSP is set per kind below, not here: /search needs a second ' +
      'policy, and a rule for /* would be joined to it.',
    values: { ...SECURITY_HEADERS },
  },
  ...[...PAGE_FAMILIES, ABOUT_PATH, DEVELOPERS_PATH].flatMap((p, i) =>
    pageRules(
      p,
      { 'Content-Security-Policy': SITE_CSP, ...PAGE },
      i === 0
        ? "HTML pages (and their files' own names, /index.html): the site's CSP, revalidated, varying on Accept (the Link to each twin is below)."
        : undefined,
    ),
  ),
  ...pageRules(
    SEARCH_PATH,
    { 'Content-Security-Policy': SEARCH_CSP, ...PAGE },
    "The one page whose policy adds 'wasm-unsafe-eval'.",
  ),
  ...SINGLE_PAGES.map((p) => ({ for: twinPath(p), values: PAGE })),
  {
    for: '/images/*',
    why: "Files a browser could open as a document (an SVG is one): the site's CSP.",
    values: { 'Content-Security-Policy': SITE_CSP },
  },
  { for: '/favicon.svg', values: { 'Content-Security-Policy': SITE_CSP } },
  {
    for: '/*.md',
    why: "Markdown twins: for agents, not for search results, with robots.txt's content signal.",
    values: {
      'Content-Type': 'text/markdown; charset=utf-8',
      'X-Robots-Tag': 'noindex',
      'Content-Signal': CONTENT_SIGNAL_LINE,
      ...CORS,
    },
  },
  {
    for: NOT_FOUND_JSON_PATH,
    why: 'Machine-readable files: CORS for everyone, fresh within the hour.',
    values: { 'Content-Type': JSON_TYPE, ...CATALOG_FILE },
  },
  { for: '/openapi.json', values: { 'Content-Type': JSON_TYPE, ...CATALOG_FILE } },
  {
    for: productJsonPath('*'),
    why: 'Also /api/products.json (a splat makes the slash optional); both carry the data licence.',
    values: { 'Content-Type': JSON_TYPE, Link: `<${DATA_LICENSE.url}>; rel="license"`, ...CATALOG_FILE },
  },
  { for: '/llms*', values: { 'Content-Type': TEXT_TYPE, 'Content-Signal': CONTENT_SIGNAL_LINE, ...CATALOG_FILE } },
  { for: '/sitemap*.xml', values: { 'Content-Type': 'application/xml; charset=utf-8', ...CATALOG_FILE } },
  { for: '/feed.xml', values: { 'Content-Type': 'application/atom+xml; charset=utf-8', ...CATALOG_FILE } },
  {
    for: '/.well-known/api-catalog',
    values: {
      'Content-Type': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
      ...CATALOG_FILE,
    },
  },
  { for: '/robots.txt', values: { 'Content-Type': TEXT_TYPE, ...CORS } },
  {
    for: '/_astro/*',
    why: 'Fingerprinted build assets never change under the same name.',
    values: { 'Content-Security-Policy': SITE_CSP, 'Cache-Control': 'public, max-age=31536000, immutable' },
  },
  {
    for: `${EDITOR_BUNDLE_DIR}/*`,
    why: "Decap's script for the curators' editor, in a folder named by its release: a file there never changes.",
    values: { 'Cache-Control': 'public, max-age=31536000, immutable' },
  },
  {
    for: `${EDITOR_CODE_DIR}/*`,
    why: "The curators' editor's own code, each file named by its content's hash: a file there never changes.",
    values: { 'Cache-Control': 'public, max-age=31536000, immutable' },
  },
  {
    for: `${SEARCH_INDEX_PATH}/*`,
    why: 'The search index is rebuilt with the catalog, like its files.',
    values: REBUILT_HOURLY,
  },
  ...pageRules(
    `${EDITOR_PATH}/*`,
    { 'Content-Security-Policy': EDITOR_CSP, ...PAGE },
    "The curators' editor, its configuration: the editor's own policy, on /admin only " +
      '(its page says noindex; the twin rule below covers /admin.md).',
  ),
  {
    for: EDITOR_CONFIG_PATH,
    values: { 'Content-Type': 'text/yaml; charset=utf-8', 'X-Robots-Tag': 'noindex' },
  },
];
