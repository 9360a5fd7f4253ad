// The post-build proof over dist/: every page of the page set built with its twin, JSON that parses
// with the schema and agrees with itself, counts that agree (search index too), no unpublished
// product anywhere (inside the compressed search index too), llms.txt in budget,
// and openapi.json whose component schemas accept real responses (ajv, draft 2020-12).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { AGE_BANDS } from '../catalog/ages.ts';
import { catalogView, statusOf } from '../catalog/catalog.ts';
import { ApiError, CatalogSnapshot, Product, type CatalogEntry } from '../catalog/schema.ts';
import { CATALOG_JSON_PATH, previewImageOf, PREVIEWS_DIR, productPath, SEARCH_INDEX_PATH } from '../catalog/urls.ts';
import { CATEGORIES, CATEGORY_SLUGS } from '../config/site.ts';
import { NOT_FOUND_JSON_PATH } from '../outputs/json.ts';
import { categoryDumpPath, LLMS_FULL_PATH, LLMS_SMALL_PATH, LLMS_TXT_MAX_CHARS } from '../outputs/llms.ts';
import { distFileOf, htmlFileOf, pagesOf } from '../outputs/pages.ts';
import { SEARCH_RECORDS_FILE, searchIndexSize } from './search-index.ts';

export interface CheckResult {
  failures: string[];
  filesScanned: number;
  ms: number;
}

/** HTML files that are not pages of the page set (error pages) and need no twin. */
const NO_TWIN = new Set(['404.html', '500.html']);
const BINARY = /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|eot|pdf|zip|gz|br|mp4|webm|wasm|pagefind)$/i;
/** Pagefind's compressed index files (fragments hold each record's text). */
const SEARCH_DATA = /\.pf_[a-z]+$/;

/** The seven operations of the contract: path, method, operationId. */
export const OPERATIONS = [
  ['/api/health', 'get', 'getHealth'],
  ['/api/products.json', 'get', 'listProducts'],
  ['/api/products/{slug}', 'get', 'getProductBySlug'],
  ['/openapi.json', 'get', 'getOpenApi'],
  ['/llms.txt', 'get', 'getLlmsTxt'],
  ['/llms-full.txt', 'get', 'getLlmsFullTxt'],
  ['/api/mcp', 'post', 'postMcp'],
] as const;

async function walk(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const d of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${d.name}` : d.name;
    if (d.isDirectory()) out.push(...(await walk(dir, r)));
    else out.push(r);
  }
  return out;
}

const htmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Finds unpublished slugs (between non-slug characters) and names (between non-word characters,
 * also HTML- and JSON-escaped) in text. One alternation regex per kind: V8 scans it in linear time.
 */
export function unpublishedMatcher(slugs: Iterable<string>, names: Iterable<string>) {
  const longestFirst = (xs: Iterable<string>) =>
    [...new Set(xs)]
      .filter(Boolean)
      .sort((a, b) => b.length - a.length)
      .map(escapeRe);
  const slugList = longestFirst(slugs);
  const nameList = longestFirst([...names].flatMap((n) => [n, htmlEscape(n), JSON.stringify(n).slice(1, -1)]));
  const slugRe = slugList.length ? new RegExp(`(?<![a-z0-9-])(?:${slugList.join('|')})(?![a-z0-9-])`, 'g') : null;
  const nameRe = nameList.length
    ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${nameList.join('|')})(?![\\p{L}\\p{N}])`, 'gu')
    : null;
  // Almost no file holds even a substring of a term, and one plain test() per file is several times
  // faster than the bounded, Unicode-aware searches: only files that pass it are searched properly.
  const all = [...slugList, ...nameList];
  const maybe = all.length ? new RegExp(all.join('|')) : null;
  return (text: string): string[] => {
    const found = new Set<string>();
    if (!maybe?.test(text)) return [];
    if (slugRe) for (const m of text.matchAll(slugRe)) found.add(`slug "${m[0]}"`);
    if (nameRe) for (const m of text.matchAll(nameRe)) found.add(`name "${m[0]}"`);
    return [...found];
  };
}

export interface CheckOptions {
  /** Every product file (published or not); the check decides which are published. */
  entries: readonly CatalogEntry[];
  /** False inside the build, before scripts/search-index.ts has turned the records into the index. */
  searchIndex?: boolean;
}

/** Runs every check; `failures` lists what is wrong, one line each. */
export async function checkDist(dist: string, { entries, searchIndex = true }: CheckOptions): Promise<CheckResult> {
  const started = performance.now();
  const failures: string[] = [];
  const fail = (msg: string) => failures.push(msg);
  const files = await walk(dist);
  const fileSet = new Set(files);
  // Synchronous reads throughout: the proof reads ~30,000 small files one after another, and each
  // awaited promise read would cost four thread-pool round trips (open, stat, read, close).
  const read = async (urlPath: string) => readFileSync(path.join(dist, distFileOf(urlPath)), 'utf8');
  const parseJson = async (urlPath: string): Promise<unknown> => {
    try {
      return JSON.parse(await read(urlPath));
    } catch (e) {
      fail(`${urlPath}: missing or not JSON (${(e as Error).message})`);
      return undefined;
    }
  };

  // The snapshot decides the build time, so a later check agrees with the build about schedules.
  const raw = await parseJson(CATALOG_JSON_PATH);
  const snap = CatalogSnapshot.safeParse(raw);
  if (!snap.success) {
    fail(
      `${CATALOG_JSON_PATH} does not match CatalogSnapshot: ${snap.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
    return { failures, filesScanned: 0, ms: performance.now() - started };
  }
  const snapshot = snap.data;
  const at = new Date(snapshot.generatedAt);
  const view = catalogView(entries, at);
  const pages = pagesOf(view);

  // Counts and order.
  if (snapshot.count !== snapshot.products.length)
    fail(`${CATALOG_JSON_PATH}: count ${snapshot.count} but ${snapshot.products.length} products`);
  const expected = view.products.map((e) => e.data.slug);
  const actual = snapshot.products.map((p) => p.slug);
  if (expected.join('\n') !== actual.join('\n'))
    fail(
      `${CATALOG_JSON_PATH}: slugs differ from the published products in slug order (expected ${expected.length}, got ${actual.length})`,
    );

  // Per-slug files: parse as Product and equal their snapshot entry byte for byte.
  const perSlug = files.filter((f) => f.startsWith('api/products/'));
  const snapshotSlugs = new Set(actual);
  for (const f of perSlug)
    if (!snapshotSlugs.has(f.slice('api/products/'.length))) fail(`${f}: no such product in ${CATALOG_JSON_PATH}`);
  for (const p of snapshot.products) {
    const f = `api/products/${p.slug}`;
    if (!fileSet.has(f)) {
      fail(`${f}: missing`);
      continue;
    }
    const body = await read(`/${f}`);
    const parsed = Product.safeParse(JSON.parse(body));
    if (!parsed.success) fail(`${f}: does not match Product`);
    if (body !== JSON.stringify(p)) fail(`${f}: differs from its entry in ${CATALOG_JSON_PATH}`);
  }
  const notFound = ApiError.safeParse(await parseJson(NOT_FOUND_JSON_PATH));
  if (!notFound.success || notFound.data.error.code !== 'not_found')
    fail(`${NOT_FOUND_JSON_PATH}: not an ApiError with code not_found`);

  // Pages and twins: the Astro routes built exactly the page set (same lists, same page size), each
  // page has its twin, and every HTML file in dist/ is a page with a twin.
  for (const p of pages) {
    if (!fileSet.has(htmlFileOf(p.path))) fail(`${p.path}: page of the page set was not built (${htmlFileOf(p.path)})`);
    if (!fileSet.has(distFileOf(p.twin))) fail(`${p.twin}: Markdown twin of ${p.path} is missing`);
  }
  for (const f of files) {
    if (!f.endsWith('.html') || NO_TWIN.has(f)) continue;
    const twin = f.replace(/\.html$/, '.md');
    if (!fileSet.has(twin)) fail(`${f}: HTML page without its Markdown twin ${twin}`);
  }

  // llms files and the sitemap agree with the snapshot.
  const sections = (md: string) => (md.match(/^## /gm) ?? []).length;
  if (fileSet.has(distFileOf(LLMS_FULL_PATH))) {
    const n = sections(await read(LLMS_FULL_PATH));
    if (n !== snapshot.count) fail(`${LLMS_FULL_PATH}: ${n} product sections, ${snapshot.count} products`);
  } else fail(`${LLMS_FULL_PATH}: missing`);
  if (fileSet.has(distFileOf(LLMS_SMALL_PATH))) {
    const lines = (await read(LLMS_SMALL_PATH)).match(/^- \[/gm)?.length ?? 0;
    if (lines !== snapshot.count) fail(`${LLMS_SMALL_PATH}: ${lines} product lines, ${snapshot.count} products`);
  } else fail(`${LLMS_SMALL_PATH}: missing`);
  for (const c of CATEGORY_SLUGS) {
    const p = categoryDumpPath(c);
    if (!fileSet.has(distFileOf(p))) fail(`${p}: missing`);
    else if (sections(await read(p)) !== view.byCategory.get(c)!.length)
      fail(`${p}: section count differs from the ${CATEGORIES[c].label} products`);
  }
  if (fileSet.has('llms.txt')) {
    const llms = await read('/llms.txt');
    if (llms.length >= LLMS_TXT_MAX_CHARS) fail(`/llms.txt: ${llms.length} characters, budget ${LLMS_TXT_MAX_CHARS}`);
    if (!llms.startsWith('# ')) fail('/llms.txt: does not open with an H1');
  } else fail('/llms.txt: missing');
  if (fileSet.has('sitemap.xml')) {
    const locs = [...(await read('/sitemap.xml')).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    if (locs.length !== pages.length) fail(`/sitemap.xml: ${locs.length} URLs, ${pages.length} pages`);
    const productPaths = new Set(snapshot.products.map((p) => productPath(p.slug)));
    const productUrls = locs.filter((l) => productPaths.has(new URL(l).pathname)).length;
    if (productUrls !== snapshot.count) fail(`/sitemap.xml: ${productUrls} product URLs, ${snapshot.count} products`);
  } else fail('/sitemap.xml: missing');
  for (const f of ['feed.xml', 'robots.txt', '.well-known/api-catalog']) if (!fileSet.has(f)) fail(`/${f}: missing`);

  // The search index holds one record per published product (its text is scanned for leaks below).
  // Inside the build it does not exist yet: the records waiting for it are checked instead.
  const entry = `${distFileOf(SEARCH_INDEX_PATH)}/pagefind-entry.json`;
  if (!searchIndex) {
    if (!fileSet.has(SEARCH_RECORDS_FILE)) fail(`/${SEARCH_RECORDS_FILE}: search records missing`);
    else {
      const records = (await read(`/${SEARCH_RECORDS_FILE}`)).split('\n').filter(Boolean).length;
      if (records !== snapshot.count)
        fail(`/${SEARCH_RECORDS_FILE}: ${records} search records, ${snapshot.count} products`);
    }
  } else if (!fileSet.has(entry)) fail(`/${entry}: missing`);
  else {
    const records = searchIndexSize(JSON.parse(await read(`/${entry}`)));
    if (records !== snapshot.count) fail(`/${entry}: ${records} search records, ${snapshot.count} products`);
  }
  // Link-preview images the product pages name.
  for (const e of view.products) {
    const preview = previewImageOf(e.data.imageUrl);
    if (preview?.url.startsWith(PREVIEWS_DIR) && !fileSet.has(distFileOf(preview.url)))
      fail(`${preview.url}: link-preview image of ${productPath(e.data.slug)} is missing`);
  }
  if (fileSet.has('.well-known/api-catalog')) {
    try {
      JSON.parse(await read('/.well-known/api-catalog'));
    } catch {
      fail('/.well-known/api-catalog: not JSON');
    }
  }

  // openapi.json: the contract's structure, then real responses against its component schemas.
  const doc = (await parseJson('/openapi.json')) as Record<string, any> | undefined;
  if (doc) {
    if (doc.openapi !== '3.1.0') fail(`/openapi.json: openapi is ${doc.openapi}, not 3.1.0`);
    if (doc.info?.version !== '1.0.0' || typeof doc.info?.title !== 'string')
      fail('/openapi.json: info.title/info.version 1.0.0 missing');
    for (const [p, method, id] of OPERATIONS) {
      const op = doc.paths?.[p]?.[method];
      if (op?.operationId !== id) fail(`/openapi.json: ${method.toUpperCase()} ${p} lacks operationId ${id}`);
      else if (!op.responses || !Object.keys(op.responses).some((s) => s.startsWith('2')))
        fail(`/openapi.json: ${id} has no success response`);
    }
    const dangling = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].filter(
      (m) => !doc.components?.schemas?.[m[1]!],
    );
    for (const m of dangling) fail(`/openapi.json: $ref to missing schema ${m[1]}`);
    try {
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      (addFormats as unknown as (a: Ajv2020) => void)(ajv);
      ajv.addSchema({ $id: 'https://catalog.invalid/openapi.json', components: doc.components });
      const validate = (name: string, value: unknown, what: string) => {
        const v = ajv.getSchema(`https://catalog.invalid/openapi.json#/components/schemas/${name}`);
        if (!v) {
          fail(`/openapi.json: no component schema ${name}`);
          return;
        }
        if (!v(value)) fail(`${what} does not validate against openapi.json ${name}: ${ajv.errorsText(v.errors)}`);
      };
      validate('CatalogSnapshot', raw, CATALOG_JSON_PATH);
      const one = snapshot.products[0];
      if (one) validate('Product', JSON.parse(await read(`/api/products/${one.slug}`)), `/api/products/${one.slug}`);
      validate('ApiError', JSON.parse(await read(NOT_FOUND_JSON_PATH)), NOT_FOUND_JSON_PATH);
      validate('HealthStatus', { status: 'ok' }, 'the health body');
    } catch (e) {
      fail(`/openapi.json: component schemas do not compile: ${(e as Error).message}`);
    }
  }

  // No unpublished product anywhere: not in any text file, not in any file name.
  const published = new Set(view.products.flatMap((e) => [e.data.slug, e.data.name]));
  const reserved = new Set<string>([
    ...CATEGORY_SLUGS,
    ...Object.values(CATEGORIES).map((c) => c.label),
    ...AGE_BANDS.flatMap((b) => [b.slug, b.label]),
  ]);
  const hidden = entries.filter((e) => statusOf(e, at) !== 'published');
  // A term a published product or the site itself also uses cannot prove a leak; skip it.
  const keep = (t: string) => !published.has(t) && !reserved.has(t);
  const match = unpublishedMatcher(
    hidden.map((e) => e.data.slug).filter(keep),
    hidden.map((e) => e.data.name).filter(keep),
  );
  let filesScanned = 0;
  if (hidden.length) {
    const pathHits = match(files.join('\n'));
    if (pathHits.length)
      fail(
        `dist/ file names mention unpublished products: ${pathHits.slice(0, 5).join(', ')}${pathHits.length > 5 ? ` and ${pathHits.length - 5} more` : ''}`,
      );
    // One file at a time (see `read`): only one body is held in memory.
    for (const f of files) {
      if (BINARY.test(f)) continue;
      const raw = readFileSync(path.join(dist, f));
      // Pagefind's index files are gzip-compressed: their text is read after inflating.
      const hits = match((SEARCH_DATA.test(f) ? gunzipSync(raw) : raw).toString('utf8'));
      if (hits.length)
        fail(
          `${f}: mentions unpublished ${hits.slice(0, 5).join(', ')}${hits.length > 5 ? ` and ${hits.length - 5} more` : ''}`,
        );
      filesScanned++;
    }
  }
  return { failures, filesScanned, ms: performance.now() - started };
}

export function formatFailures(failures: readonly string[]): string {
  const shown = failures.slice(0, 50).map((f) => `  ✖ ${f}`);
  if (failures.length > 50) shown.push(`  … and ${failures.length - 50} more`);
  return shown.join('\n');
}
