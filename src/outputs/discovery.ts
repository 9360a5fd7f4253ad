// Discovery files: sitemap.xml (from pagesOf), an Atom feed of the newest products, robots.txt
// and the RFC 9727 /.well-known/api-catalog linkset.
import { CATALOG_LAUNCHED_AT, CONTENT_SIGNAL_LINE, DATA_LICENSE, SITE_NAME, SITE_TAGLINE } from '../config/site.ts';
import { productBodyText } from '../catalog/body.ts';
import type { CatalogView } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { CATALOG_JSON_PATH, productPath } from '../catalog/urls.ts';
import { listedPages, type Page } from './pages.ts';

/** A sitemap file may list at most this many URLs; above it a sitemap index would be needed. */
export const SITEMAP_MAX_URLS = 50_000;
/** How many products the feed carries. */
export const FEED_ENTRIES = 50;

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** sitemap.xml: every listed HTML page (not the curators' editor), absolute URLs, in pagesOf order. */
export function sitemapXml(all: readonly Page[], base: string): string {
  const pages = listedPages(all);
  if (pages.length > SITEMAP_MAX_URLS)
    throw new Error(`${pages.length} pages exceed one sitemap (${SITEMAP_MAX_URLS}); add a sitemap index.`);
  const urls = pages.map((p) => `<url><loc>${xml(base + p.path)}</loc></url>`);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ` +
    `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  );
}

/**
 * The newest products first: by `publishAt` descending (a scheduled product enters the feed when
 * it goes live); products without `publishAt` follow, by slug. At most FEED_ENTRIES.
 */
export function newestProducts(view: CatalogView, limit = FEED_ENTRIES): CatalogEntry[] {
  const time = (e: CatalogEntry) => e.data.publishAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  // view.products is ordered by slug and Array#sort is stable, so ties stay in slug order.
  return [...view.products].sort((a, b) => time(b) - time(a)).slice(0, limit);
}

/**
 * feed.xml: an Atom 1.0 feed of the newest products. An entry's `updated` is its publishAt, else the
 * catalog's launch date; the feed's is the newest entry's. Dates come from content, never the clock.
 */
export function atomFeed(view: CatalogView, base: string): string {
  const newest = newestProducts(view);
  const dated = (e: CatalogEntry) => e.data.publishAt ?? CATALOG_LAUNCHED_AT;
  const built = new Date(
    Math.max(CATALOG_LAUNCHED_AT.getTime(), ...newest.map((e) => dated(e).getTime())),
  ).toISOString();
  const entries = newest.map((e) => {
    const d = e.data;
    const url = base + productPath(d.slug);
    const summary = d.whyWePicked ?? productBodyText(d.slug, e.description) ?? `${d.name} by ${d.brand}`;
    return [
      '<entry>',
      `<id>${xml(url)}</id>`,
      `<title>${xml(d.name)}</title>`,
      `<link rel="alternate" type="text/html" href="${xml(url)}"/>`,
      `<link rel="alternate" type="text/markdown" href="${xml(`${url}.md`)}"/>`,
      `<updated>${dated(e).toISOString()}</updated>`,
      ...d.categories.map((c) => `<category term="${xml(c)}"/>`),
      ...(d.staffPick ? ['<category term="staff-pick"/>'] : []),
      `<summary>${xml(summary)}</summary>`,
      '</entry>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${xml(`${base}/`)}</id>`,
    `<title>${xml(`${SITE_NAME}: newest picks`)}</title>`,
    `<subtitle>${xml(SITE_TAGLINE)}</subtitle>`,
    `<link rel="self" type="application/atom+xml" href="${xml(`${base}/feed.xml`)}"/>`,
    `<link rel="alternate" type="text/html" href="${xml(`${base}/`)}"/>`,
    `<updated>${built}</updated>`,
    `<author><name>${xml(`${SITE_NAME} curators`)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/**
 * robots.txt: everything public may be crawled; the admin endpoints are not content. The
 * Content-Signal line (contentsignals.org) says how the content may be used, in line with the
 * data licence; the comment block spells both out for the people who read robots.txt.
 */
export function robotsTxt(base: string): string {
  return [
    `# ${SITE_NAME}: the catalog data is ${DATA_LICENSE.name} (${DATA_LICENSE.url}),`,
    `# except ${DATA_LICENSE.excluded}. Attribution: ${DATA_LICENSE.attribution}.`,
    '# Content signals (https://contentsignals.org/): search = building a search index and showing',
    '# links and excerpts; ai-input = reading pages live to answer people (retrieval, grounding);',
    '# ai-train = training or fine-tuning models. yes = allowed. Prices are what a curator last wrote',
    '# (the shop has the real one) and availability is not tracked; the catalog changes when a curator',
    `# edits it, so read the live catalog (${base}/llms.txt) rather than relying on an old copy.`,
    'User-agent: *',
    `Content-Signal: ${CONTENT_SIGNAL_LINE}`,
    'Allow: /',
    'Disallow: /api/mcp',
    'Disallow: /api/auth/',
    '',
    `# Agent index: ${base}/llms.txt`,
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

/** /.well-known/api-catalog (RFC 9727): a linkset naming the public API and its OpenAPI description. */
export function apiCatalog(base: string) {
  return {
    linkset: [
      {
        anchor: `${base}/.well-known/api-catalog`,
        item: [
          {
            href: `${base}${CATALOG_JSON_PATH}`,
            type: 'application/json',
            title: `${SITE_NAME}: every published product`,
          },
        ],
        'service-desc': [{ href: `${base}/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.1' }],
        'service-doc': [{ href: `${base}/llms.txt`, type: 'text/plain' }],
        status: [{ href: `${base}/api/health`, type: 'application/json' }],
      },
    ],
  };
}
