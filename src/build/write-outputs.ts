// Writes every non-HTML output into the build folder in one pass over the catalog view, one file
// at a time. Contents come from the pure builders in src/outputs/. An output whose key (what it is
// made from) or whose text equals the last build's is neither built again nor rewritten.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CATEGORY_SLUGS } from '../config/site.ts';
import { toProduct, type CatalogView } from '../catalog/catalog.ts';
import { listPageKey, productPageKey } from './page-keys.ts';
import { CATALOG_JSON_PATH, productJsonPath } from '../catalog/urls.ts';
import { buildHeadersFile } from '../cdn/headers-file.ts';
import { apiCatalog, atomFeed, robotsTxt, sitemapXml } from '../outputs/discovery.ts';
import { productJson, snapshotJson } from '../outputs/json.ts';
import {
  categoryDump,
  categoryDumpPath,
  LLMS_FULL_PATH,
  LLMS_SMALL_PATH,
  llmsFullTxt,
  llmsSmallTxt,
  llmsTxt,
} from '../outputs/llms.ts';
import { productMarkdown, type ProductMarkdown } from '../outputs/markdown.ts';
import { buildOpenApi, type McpToolSummary } from '../outputs/openapi.ts';
import { distFileOf, htmlFileOf, pagesOf } from '../outputs/pages.ts';
import { twinMarkdown } from '../outputs/twins.ts';
import { NOT_FOUND_JSON_PATH, notFoundBody } from '../contract/api.ts';
import { writeAnew } from './staging.ts';
import { editorConfigYaml, type EditorBackend } from '../outputs/editor-config.ts';
import { EDITOR_CONFIG_PATH, EDITOR_PATH } from '../catalog/urls.ts';
import { editorPageHtml, type EditorScripts } from '../outputs/editor-page.ts';

export interface WriteOptions {
  base: string;
  /** The admin tools, described under POST /api/mcp in openapi.json. */
  mcpTools?: readonly McpToolSummary[];
  /** The browser editor's backend (/admin/config.yml); none: no editor configuration is written. */
  editor?: EditorBackend;
  /** The scripts the editor's page loads, as the build named them (src/build/editor-bundle.ts); with `editor`. */
  editorScripts?: EditorScripts;
  /** What the last build wrote (url path → key or text digest); outputs that match are kept. */
  previous?: OutputLedger;
  /** Each product's Markdown; a cache that outlives the build (./markdown-cache.ts) saves most of the Markdown work. */
  markdown?: ProductMarkdown;
  /** Sees every text written (the proof scans it here instead of reading it back). */
  onWrite?: (urlPath: string, text: string) => void;
}

/** url path → the key it was made from, or the digest of its text. */
export type OutputLedger = Record<string, string>;

export interface WriteStats {
  files: number;
  /** Files written this time (the others were kept as they were). */
  written: number;
  bytes: number;
  ms: number;
  /** What this build's outputs are (the next build's `previous`). */
  ledger: OutputLedger;
}

/** A body, or a thunk that builds it; a key when what the output is made from is cheaper to tell than its text. */
type Output = [urlPath: string, body: string | (() => string), key?: string];

const digest = (text: string) => createHash('sha1').update(text).digest('base64url');

/** Every output as [url path, body, key]; bodies that are costly to build are thunks, built when written. */
/** The URL path of a page's HTML file ("/admin" → "/admin.html"). */
const htmlPathOf = (pagePath: string) => `/${htmlFileOf(pagePath)}`;

function* outputs(
  view: CatalogView,
  base: string,
  mcpTools: readonly McpToolSummary[] | undefined,
  editor: EditorBackend | undefined,
  editorScripts: EditorScripts | undefined,
  md: ProductMarkdown,
): Generator<Output> {
  const jsons: string[] = [];
  for (const e of view.products) {
    const body = productJson(toProduct(e, base));
    jsons.push(body);
    yield [productJsonPath(e.data.slug), body];
  }
  yield [CATALOG_JSON_PATH, snapshotJson(jsons, view.at)];
  jsons.length = 0;
  yield [NOT_FOUND_JSON_PATH, JSON.stringify(notFoundBody(base))];
  yield ['/openapi.json', () => JSON.stringify(buildOpenApi({ base, ...(mcpTools ? { mcpTools } : {}) }), null, 2)];
  yield ['/.well-known/api-catalog', () => JSON.stringify(apiCatalog(base), null, 2)];
  yield ['/llms.txt', () => llmsTxt(view, md)];
  yield [LLMS_SMALL_PATH, () => llmsSmallTxt(view, base)];
  yield [LLMS_FULL_PATH, () => llmsFullTxt(view, md)];
  for (const c of CATEGORY_SLUGS) yield [categoryDumpPath(c), () => categoryDump(view, c, md)];
  const pages = pagesOf(view);
  yield ['/sitemap.xml', () => sitemapXml(pages, base)];
  yield ['/feed.xml', () => atomFeed(view, base)];
  yield ['/robots.txt', () => robotsTxt(base)];
  if (editor && editorScripts) {
    yield [EDITOR_CONFIG_PATH, () => editorConfigYaml({ base, backend: editor })];
    yield [htmlPathOf(EDITOR_PATH), editorPageHtml(editorScripts)];
  }
  yield ['/_headers', () => buildHeadersFile(pages)];
  // A twin shows what its page shows: the page's own key says when it changed.
  for (const p of pages) {
    const key =
      p.kind === 'product'
        ? productPageKey(p.entry)
        : p.kind === 'list'
          ? listPageKey(p.list, p.page, view)
          : undefined;
    yield [p.twin, () => twinMarkdown(p, view, md), key === undefined ? undefined : `${base} ${key}`];
  }
}

/** Writes all outputs under `outDir`, skipping those that did not change since `previous`. */
export async function writeCatalogOutputs(outDir: string, view: CatalogView, opts: WriteOptions): Promise<WriteStats> {
  const started = performance.now();
  const { base } = opts;
  const md = opts.markdown ?? productMarkdown(base);
  const previous = opts.previous ?? {};
  const ledger: OutputLedger = {};
  // Folders are made as outputs need them (list pages nest: /ages/3-5/books/2.md), each once.
  const made = new Set<string>();
  let files = 0;
  let written = 0;
  let bytes = 0;
  // Synchronous writes, each body built just before it is written: only one body is in memory at
  // a time, and ~19,000 small files are written 3–4× faster than through the promise API, whose
  // every file costs open, write and close round trips through the thread pool.
  for (const [urlPath, body, key] of outputs(view, base, opts.mcpTools, opts.editor, opts.editorScripts, md)) {
    files += 1;
    const file = path.join(outDir, distFileOf(urlPath));
    if (key !== undefined && previous[urlPath] === key && existsSync(file)) {
      ledger[urlPath] = key;
      continue;
    }
    const content = typeof body === 'function' ? body() : body;
    const mark = key ?? digest(content);
    ledger[urlPath] = mark;
    opts.onWrite?.(urlPath, content);
    if (key === undefined && previous[urlPath] === mark && existsSync(file)) continue;
    const dir = path.dirname(file);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeAnew(file);
    writeFileSync(file, content);
    written += 1;
    bytes += content.length;
  }
  return { files, written, bytes, ms: performance.now() - started, ledger };
}
