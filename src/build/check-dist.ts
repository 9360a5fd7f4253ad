// The post-build proof over dist/, as a list of named checks run in order: JSON that parses with
// the schema and agrees with itself, every page of the page set built with its twin, counts that
// agree (search index too), link previews, openapi.json whose component schemas accept real
// responses (ajv, draft 2020-12), and no unpublished product anywhere (inside the compressed
// search index too). Each failure is reported under its check's name.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { catalogView, toProduct, type CatalogView } from '../catalog/catalog.ts';
import { Product, type CatalogEntry } from '../catalog/schema.ts';
import {
  CATALOG_JSON_PATH,
  EDITOR_BUNDLE_DIR,
  EDITOR_CODE_DIR,
  EDITOR_CONFIG_PATH,
  EDITOR_PATH,
  drawnPreviewOf,
  NETLIFY_RESERVED_DIR,
  productPath,
  SEARCH_INDEX_PATH,
  twinPath,
} from '../catalog/urls.ts';
import { parse as parseYaml } from 'yaml';
import { CATEGORIES, CATEGORY_SLUGS } from '../config/site.ts';
import { categoryDumpPath, LLMS_FULL_PATH, LLMS_SMALL_PATH, LLMS_TXT_MAX_CHARS } from '../outputs/llms.ts';
import { distFileOf, htmlFileOf, listedPages, pagesOf, type Page } from '../outputs/pages.ts';
import { BINARY, formatLeak, leakScanner, readForScan } from './leak-scan.ts';
import { SEARCH_ENTRY_FILE, searchIndexSize } from './search-index.ts';
import { ApiError, CatalogSnapshot, NOT_FOUND_JSON_PATH } from '../contract/api.ts';

export { unpublishedMatcher } from './leak-scan.ts';

export interface CheckResult {
  failures: string[];
  filesScanned: number;
  ms: number;
  /** Each check's time, in order. */
  checks: { name: string; ms: number; failures: number }[];
}

export interface CheckOptions {
  /** Every product file (published or not); the check decides which are published. */
  entries: readonly CatalogEntry[];
  /** The site's address the outputs were written for (absolute image URLs start with it). */
  base: string;
  /**
   * Files the leak search need not read: texts the build scanned as it wrote them, or files
   * unchanged since a build whose proof found them clean under the same hidden terms.
   */
  scanned?: (relPath: string) => boolean;
}

/** HTML files that are not pages of the page set (error pages) and need no twin. */
const NO_TWIN = new Set(['404.html', '500.html']);

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

/** What every check sees. */
interface Proof {
  dist: string;
  entries: readonly CatalogEntry[];
  files: string[];
  fileSet: Set<string>;
  base: string;
  /** products.json as parsed JSON, and as the schema reads it. */
  raw: unknown;
  snapshot: CatalogSnapshot;
  view: CatalogView;
  pages: Page[];
  read(urlPath: string): string;
  parseJson(urlPath: string): unknown;
  fail(message: string): void;
  scanned: (relPath: string) => boolean;
  filesScanned: number;
}

interface Check {
  name: string;
  run(p: Proof): void;
}

async function walk(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const d of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${d.name}` : d.name;
    if (d.isDirectory()) out.push(...(await walk(dir, r)));
    else out.push(r);
  }
  return out;
}

const CHECKS: Check[] = [
  {
    name: 'catalog order',
    run({ snapshot, view, fail }) {
      if (snapshot.count !== snapshot.products.length)
        fail(`${CATALOG_JSON_PATH}: count ${snapshot.count} but ${snapshot.products.length} products`);
      const expected = view.products.map((e) => e.data.slug);
      const actual = snapshot.products.map((p) => p.slug);
      if (expected.join('\n') !== actual.join('\n'))
        fail(
          `${CATALOG_JSON_PATH}: slugs differ from the published products in slug order (expected ${expected.length}, got ${actual.length})`,
        );
    },
  },
  {
    // Per-slug files parse as Product and equal their snapshot entry byte for byte, and both say
    // what the product files say (a kept file from an older build, or a truncated one, is caught).
    name: 'product JSON',
    run({ files, fileSet, snapshot, view, base, read, parseJson, fail }) {
      const fromFiles = new Map(view.products.map((e) => [e.data.slug, e]));
      const slugs = new Set(snapshot.products.map((p) => p.slug));
      for (const f of files)
        if (f.startsWith('api/products/') && !slugs.has(f.slice('api/products/'.length)))
          fail(`${f}: no such product in ${CATALOG_JSON_PATH}`);
      for (const p of snapshot.products) {
        const f = `api/products/${p.slug}`;
        if (!fileSet.has(f)) {
          fail(`${f}: missing`);
          continue;
        }
        const body = read(`/${f}`);
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch (e) {
          fail(`${f}: not JSON (${(e as Error).message}); rebuild to rewrite it`);
          continue;
        }
        if (!Product.safeParse(parsed).success) fail(`${f}: does not match Product`);
        if (body !== JSON.stringify(p)) fail(`${f}: differs from its entry in ${CATALOG_JSON_PATH}`);
        const entry = fromFiles.get(p.slug);
        if (entry && JSON.stringify(p) !== JSON.stringify(toProduct(entry, base)))
          fail(`${CATALOG_JSON_PATH}: the entry of ${p.slug} differs from its product file ${entry.sourcePath}`);
      }
      const notFound = ApiError.safeParse(parseJson(NOT_FOUND_JSON_PATH));
      if (!notFound.success || notFound.data.error.code !== 'not_found')
        fail(`${NOT_FOUND_JSON_PATH}: not an ApiError with code not_found`);
    },
  },
  {
    // The Astro routes built exactly the page set (same lists, same page size), each page has its
    // twin, and every HTML file in dist/ is a page with a twin.
    name: 'pages and twins',
    run({ pages, files, fileSet, fail }) {
      for (const p of pages) {
        if (!fileSet.has(htmlFileOf(p.path)))
          fail(`${p.path}: page of the page set was not built (${htmlFileOf(p.path)})`);
        if (!fileSet.has(distFileOf(p.twin))) fail(`${p.twin}: Markdown twin of ${p.path} is missing`);
      }
      for (const f of files) {
        if (!f.endsWith('.html') || NO_TWIN.has(f)) continue;
        const twin = f.replace(/\.html$/, '.md');
        if (!fileSet.has(twin)) fail(`${f}: HTML page without its Markdown twin ${twin}`);
      }
    },
  },
  {
    name: 'agent files and discovery',
    run({ fileSet, snapshot, view, pages, base, read, fail }) {
      const sections = (md: string) => (md.match(/^## /gm) ?? []).length;
      if (fileSet.has(distFileOf(LLMS_FULL_PATH))) {
        const n = sections(read(LLMS_FULL_PATH));
        if (n !== snapshot.count) fail(`${LLMS_FULL_PATH}: ${n} product sections, ${snapshot.count} products`);
      } else fail(`${LLMS_FULL_PATH}: missing`);
      if (fileSet.has(distFileOf(LLMS_SMALL_PATH))) {
        const lines = read(LLMS_SMALL_PATH).match(/^- \[/gm)?.length ?? 0;
        if (lines !== snapshot.count) fail(`${LLMS_SMALL_PATH}: ${lines} product lines, ${snapshot.count} products`);
      } else fail(`${LLMS_SMALL_PATH}: missing`);
      for (const c of CATEGORY_SLUGS) {
        const p = categoryDumpPath(c);
        if (!fileSet.has(distFileOf(p))) fail(`${p}: missing`);
        else if (sections(read(p)) !== view.byCategory.get(c)!.length)
          fail(`${p}: section count differs from the ${CATEGORIES[c].label} products`);
      }
      if (fileSet.has('llms.txt')) {
        const llms = read('/llms.txt');
        if (llms.length >= LLMS_TXT_MAX_CHARS)
          fail(`/llms.txt: ${llms.length} characters, budget ${LLMS_TXT_MAX_CHARS}`);
        if (!llms.startsWith('# ')) fail('/llms.txt: does not open with an H1');
      } else fail('/llms.txt: missing');
      if (fileSet.has('sitemap.xml')) {
        const locs = [...read('/sitemap.xml').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
        const listed = listedPages(pages);
        if (locs.length !== listed.length) fail(`/sitemap.xml: ${locs.length} URLs, ${listed.length} listed pages`);
        for (const p of pages.filter((x) => !x.listed))
          if (locs.includes(base + p.path)) fail(`/sitemap.xml: lists ${p.path}, which is not part of the public site`);
        const productPaths = new Set(snapshot.products.map((p) => productPath(p.slug)));
        const productUrls = locs.filter((l) => productPaths.has(new URL(l).pathname)).length;
        if (productUrls !== snapshot.count)
          fail(`/sitemap.xml: ${productUrls} product URLs, ${snapshot.count} products`);
      } else fail('/sitemap.xml: missing');
      for (const f of ['feed.xml', 'robots.txt', '.well-known/api-catalog'])
        if (!fileSet.has(f)) fail(`/${f}: missing`);
      if (fileSet.has('.well-known/api-catalog')) {
        try {
          JSON.parse(read('/.well-known/api-catalog'));
        } catch {
          fail('/.well-known/api-catalog: not JSON');
        }
      }
    },
  },
  {
    // One record per published product (their text is searched for leaks below).
    name: 'search index',
    run({ fileSet, snapshot, read, fail }) {
      if (!fileSet.has(SEARCH_ENTRY_FILE)) {
        fail(`/${SEARCH_ENTRY_FILE}: missing`);
        return;
      }
      const records = searchIndexSize(JSON.parse(read(`/${SEARCH_ENTRY_FILE}`)));
      if (records !== snapshot.count)
        fail(`/${distFileOf(SEARCH_INDEX_PATH)}: ${records} search records, ${snapshot.count} products`);
    },
  },
  {
    name: 'link previews',
    run({ view, files, fileSet, fail }) {
      for (const e of view.products) {
        const preview = drawnPreviewOf(e.data.imageUrl);
        if (preview && !fileSet.has(distFileOf(preview)))
          fail(`${preview}: link-preview image of ${productPath(e.data.slug)} is missing`);
      }
      // A photo's preview is the Image CDN's address, never a file the build writes.
      for (const f of files.filter((x) => x.startsWith(distFileOf(NETLIFY_RESERVED_DIR))))
        fail(`/${f}: Netlify keeps ${NETLIFY_RESERVED_DIR} for its own services and never serves a file there`);
    },
  },
  {
    // The curators' editor is there, configured, and apart: its page, twin, configuration, Decap's
    // script and every script the page names exist; no public discovery file names it; no other
    // page loads its code.
    name: "curators' editor",
    run({ files, fileSet, read, fail }) {
      const page = htmlFileOf(EDITOR_PATH);
      for (const f of [page, distFileOf(twinPath(EDITOR_PATH)), distFileOf(EDITOR_CONFIG_PATH)])
        if (!fileSet.has(f)) fail(`/${f}: the curators' editor's file is missing`);
      // Decap's script (in the folder of its release) and the editor's code, as the page names them.
      const scripts = new RegExp(`(?:src|href)="((?:${EDITOR_CODE_DIR}|${EDITOR_BUNDLE_DIR})/[^"]+)"`, 'g');
      if (fileSet.has(page)) {
        const html = read(`/${page}`);
        if (!/<meta name="robots" content="noindex/.test(html)) fail(`/${page}: the editor's page is not noindex`);
        const named = [...html.matchAll(scripts)].map((m) => m[1]!);
        for (const [dir, what] of [
          [EDITOR_BUNDLE_DIR, "Decap's script"],
          [EDITOR_CODE_DIR, "the editor's code"],
        ])
          if (!named.some((u) => u.startsWith(`${dir}/`)))
            fail(`/${page}: the editor's page names none of ${what} (${dir}/)`);
        for (const u of named)
          if (!fileSet.has(u.slice(1))) fail(`${u}: the editor's page names it, and it is missing`);
      }
      if (fileSet.has(distFileOf(EDITOR_CONFIG_PATH))) {
        const config = parseYaml(read(EDITOR_CONFIG_PATH)) as { collections?: { fields?: unknown[] }[] } | null;
        if (!config?.collections?.[0]?.fields?.length) fail(`${EDITOR_CONFIG_PATH}: no collection with fields`);
      }
      for (const f of ['sitemap.xml', 'llms.txt', 'llms-full.txt', 'llms-small.txt', 'openapi.json'])
        if (fileSet.has(f) && read(`/${f}`).includes(`${EDITOR_PATH}/`)) fail(`/${f}: names the curators' editor`);
      // The editor's code is written apart from the site's scripts (src/build/editor-bundle.ts):
      // a look at the home page and one product page, not every page (at 10,000 products).
      for (const f of ['index.html', files.find((x) => x.startsWith('products/') && x.endsWith('.html'))])
        if (
          f &&
          fileSet.has(f) &&
          [EDITOR_PATH, EDITOR_CODE_DIR, EDITOR_BUNDLE_DIR].some((d) => read(`/${f}`).includes(`${d}/`))
        )
          fail(`/${f}: a page of the public site loads the editor's code`);
    },
  },
  {
    // The contract's structure, then real responses against its component schemas.
    name: 'openapi.json',
    run({ raw, snapshot, read, parseJson, fail }) {
      const doc = parseJson('/openapi.json') as Record<string, any> | undefined;
      if (!doc) return;
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
        if (one) validate('Product', JSON.parse(read(`/api/products/${one.slug}`)), `/api/products/${one.slug}`);
        validate('ApiError', JSON.parse(read(NOT_FOUND_JSON_PATH)), NOT_FOUND_JSON_PATH);
        validate('HealthStatus', { status: 'ok' }, 'the health body');
      } catch (e) {
        fail(`/openapi.json: component schemas do not compile: ${(e as Error).message}`);
      }
    },
  },
  {
    // No unpublished product anywhere: not in any text file, not in any file name.
    name: 'no unpublished product',
    run(p) {
      const scan = leakScanner(p.entries, p.view.at);
      scan.text('dist/ file names', p.files.join('\n'));
      for (const f of p.files) {
        if (BINARY.test(f) || p.scanned(f)) continue;
        // One file at a time: only one body is held in memory.
        scan.text(f, readForScan(p.dist, f));
        p.filesScanned++;
      }
      for (const leak of scan.leaks())
        p.fail(
          leak.file === 'dist/ file names'
            ? `dist/ file names mention unpublished products: ${leak.hits.slice(0, 5).join(', ')}${leak.hits.length > 5 ? ` and ${leak.hits.length - 5} more` : ''}`
            : formatLeak(leak),
        );
    },
  },
];

/** The names of the checks, in the order they run. */
export const CHECK_NAMES = CHECKS.map((c) => c.name);

/** Runs every check; `failures` lists what is wrong, one line each, under the check's name. */
export async function checkDist(
  dist: string,
  { entries, base, scanned = () => false }: CheckOptions,
): Promise<CheckResult> {
  const started = performance.now();
  const failures: string[] = [];
  const files = await walk(dist);
  // Synchronous reads throughout: the proof reads thousands of small files one after another, and
  // each awaited promise read would cost four thread-pool round trips (open, stat, read, close).
  // A file that cannot be read is named with its path (the check stops there, reported below).
  const read = (urlPath: string) => {
    const file = distFileOf(urlPath);
    try {
      return readFileSync(path.join(dist, file), 'utf8');
    } catch (e) {
      throw new Error(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, {
        cause: e,
      });
    }
  };
  let current = 'catalog JSON';
  const fail = (msg: string) => failures.push(`[${current}] ${msg}`);
  const parseJson = (urlPath: string): unknown => {
    try {
      return JSON.parse(read(urlPath));
    } catch (e) {
      fail(`${urlPath}: missing or not JSON (${(e as Error).message})`);
      return undefined;
    }
  };
  // products.json decides the build time, so the other checks agree with the build about schedules.
  const raw = parseJson(CATALOG_JSON_PATH);
  const snap = CatalogSnapshot.safeParse(raw);
  if (!snap.success) {
    fail(
      `${CATALOG_JSON_PATH} does not match CatalogSnapshot: ${snap.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
    return { failures, filesScanned: 0, ms: performance.now() - started, checks: [] };
  }
  const view = catalogView(entries, new Date(snap.data.generatedAt));
  const proof: Proof = {
    dist,
    entries,
    files,
    fileSet: new Set(files),
    base,
    raw,
    snapshot: snap.data,
    view,
    pages: pagesOf(view),
    read,
    parseJson,
    fail,
    scanned,
    filesScanned: 0,
  };
  const checks: CheckResult['checks'] = [];
  for (const check of CHECKS) {
    current = check.name;
    const t = performance.now();
    const before = failures.length;
    try {
      check.run(proof);
    } catch (e) {
      fail(`${(e as Error).message} (the check stopped here)`);
    }
    checks.push({ name: check.name, ms: performance.now() - t, failures: failures.length - before });
  }
  return { failures, filesScanned: proof.filesScanned, ms: performance.now() - started, checks };
}

export function formatFailures(failures: readonly string[]): string {
  const shown = failures.slice(0, 50).map((f) => `  ✖ ${f}`);
  if (failures.length > 50) shown.push(`  … and ${failures.length - 50} more`);
  return shown.join('\n');
}
