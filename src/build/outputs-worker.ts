// The outputs pass, in a process of its own that runs while Astro renders the pages: every
// non-HTML output, the published products' pictures, the search index, the link previews and the
// admin catalog. Started by the catalog-outputs integration with a job on its IPC channel once the
// build has read the product files (it takes them from the hand-off), and answers with one report.
// Its memory is its own, not the Astro process's.
import path from 'node:path';
import { catalogView } from '../catalog/catalog.ts';
import { writeAdminCatalog } from '../admin/write-catalog.ts';
import { cacheFile, readCacheJson, writeCacheJson } from './build-cache.ts';
import { readCatalogHandoff } from './handoff.ts';
import { cachedProductMarkdown, type MarkdownStore } from './markdown-cache.ts';
import { writePreviewImages } from './preview-images.ts';
import { copyProductImages } from './product-images.ts';
import { leakScanner, type LeakReport } from './leak-scan.ts';
import { indexSearchRecords, writeSearchIndex, type SearchIndexLedger } from './search-index.ts';
import { writeCatalogOutputs, type OutputLedger } from './write-outputs.ts';
import type { McpToolSummary } from '../outputs/openapi.ts';
import type { EditorBackend } from '../outputs/editor-config.ts';
import { writeEditorBundle, type EditorBundle } from './editor-bundle.ts';
import { keepEditorCode, restoreEditorCode } from './editor-code-cache.ts';
import { stagingStartedEmpty } from './staging.ts';

export interface OutputsJob {
  root: string;
  outDir: string;
  cacheDir: string;
  /** Absolute folder of the product pictures (only published products' are copied). */
  imagesDir: string;
  /** Absolute folder of the product files. */
  contentDir: string;
  /** The build time (ISO). */
  at: string;
  base: string;
  /** Where the admin catalog goes (a folder). */
  adminOut: string;
  /** Digest of the code: ledgers written by other code are ignored. */
  codeVersion: string;
  /** The admin tools, for the description of POST /api/mcp. */
  mcpTools: McpToolSummary[];
  /** The browser editor's backend, for /admin/config.yml. */
  editor: EditorBackend;
  /** A cold build: the staging folder started empty (no file in it is a link to the live output). */
  cold: boolean;
}

export interface OutputsReport {
  lines: string[];
  /** Every file of dist/ this pass owns (for pruning), relative to outDir. */
  files: string[];
  /** Texts scanned for unpublished products as they were written (relative paths) and what was found. */
  scanned: string[];
  leaks: LeakReport[];
}

/** The ledgers kept in the build cache between builds. */
interface Ledgers {
  codeVersion: string;
  base: string;
  outputs: OutputLedger;
  search?: SearchIndexLedger;
  previews: Record<string, string>;
  images: Record<string, string>;
  editorBundle?: Omit<EditorBundle, 'written'>;
}
const LEDGERS = 'outputs-ledgers.json';
const MARKDOWN = 'product-markdown.json';

export async function runOutputsJob(job: OutputsJob): Promise<OutputsReport> {
  const lines: string[] = [];
  if (job.cold) stagingStartedEmpty();
  // What the build read from the product files (./read-catalog.ts), never read again here.
  const loaded = readCatalogHandoff(job.cacheDir, job.contentDir);
  if (!loaded) throw new Error('The outputs pass found no product files read by this build (the hand-off is missing).');
  const { entries } = loaded;
  const view = catalogView(entries, new Date(job.at));

  const stored = readCacheJson<Ledgers>(cacheFile(job.cacheDir, LEDGERS));
  const previous = stored?.codeVersion === job.codeVersion && stored.base === job.base ? stored : undefined;
  // Pagefind indexes in its own process while this one writes the other outputs.
  const search = indexSearchRecords(job.outDir, view, previous?.search);

  const scan = leakScanner(entries, view.at);
  const scanned: string[] = [];
  const markdownFile = cacheFile(job.cacheDir, MARKDOWN);
  const md = cachedProductMarkdown(job.base, previous ? readCacheJson<MarkdownStore>(markdownFile) : undefined);
  // The editor's code first: its page names the scripts by their hashes. A cold build takes the
  // files kept for this code, when there are, instead of bundling them again.
  const kept = previous?.editorBundle ? undefined : restoreEditorCode(job.root, job.outDir, job.codeVersion);
  const bundle = await writeEditorBundle(job.root, job.outDir, job.codeVersion, previous?.editorBundle ?? kept);
  if (bundle.written) keepEditorCode(job.root, job.outDir, job.codeVersion, bundle);
  const how = kept && !bundle.written ? 'copied from the build cache' : `${bundle.written} written`;
  lines.push(
    `browser editor: ${bundle.files.length} files (${bundle.key.split(',')[0]}), ${how}; its own script ${(bundle.scriptBytes / 1024).toFixed(0)} KiB`,
  );
  const outputs = await writeCatalogOutputs(job.outDir, view, {
    base: job.base,
    mcpTools: job.mcpTools,
    editor: job.editor,
    editorScripts: bundle.scripts,
    markdown: md,
    ...(previous ? { previous: previous.outputs } : {}),
    onWrite: (urlPath, text) => {
      scan.text(urlPath, text);
      scanned.push(urlPath.replace(/^\/+/, ''));
    },
  });
  lines.push(
    `${outputs.files} catalog outputs for ${view.products.length} products: ${outputs.written} written (${(outputs.bytes / 1e6).toFixed(1)} MB), ${outputs.files - outputs.written} unchanged, in ${outputs.ms.toFixed(0)} ms`,
  );
  writeCacheJson(markdownFile, md.store());

  const images = await copyProductImages(job.outDir, view, job.imagesDir, previous?.images);
  lines.push(
    `product pictures: ${images.images} of published products, ${images.copied} copied (${images.stripped} written again without their metadata)`,
  );
  const previews = await writePreviewImages(job.outDir, view, job.imagesDir, previous?.previews);
  lines.push(
    `link previews: ${previews.images} PNG images, ${previews.rendered} rendered in ${previews.ms.toFixed(0)} ms`,
  );

  const admin = writeAdminCatalog(job.adminOut, entries, view.at);
  lines.push(
    `admin catalog: ${entries.length} products, ${(admin.bytes / 1024).toFixed(0)} KiB → ${path.relative(job.root, job.adminOut)}`,
  );

  // The index's text is compressed: scanned as the proof reads it, decompressed, as it is written.
  const index = await writeSearchIndex(job.outDir, search, previous?.search, (f, content) => {
    scan.bytes(`pagefind/${f}`, content);
    scanned.push(`pagefind/${f}`);
  });
  lines.push(
    index.rebuilt
      ? `search index: ${index.records} products, rebuilt, ${index.written} of ${Object.keys(index.ledger.files).length} files written, in ${index.ms.toFixed(0)} ms`
      : `search index: ${index.records} products, unchanged`,
  );
  const indexFiles = Object.keys(index.ledger.files).map((f) => `pagefind/${f}`);

  writeCacheJson(cacheFile(job.cacheDir, LEDGERS), {
    codeVersion: job.codeVersion,
    base: job.base,
    outputs: outputs.ledger,
    search: index.ledger,
    previews: previews.ledger,
    images: images.ledger,
    editorBundle: { key: bundle.key, files: bundle.files, scripts: bundle.scripts, scriptBytes: bundle.scriptBytes },
  } satisfies Ledgers);
  return {
    lines,
    files: [
      ...Object.keys(outputs.ledger).map((p) => p.replace(/^\/+/, '')),
      ...indexFiles,
      ...Object.keys(previews.ledger),
      ...Object.keys(images.ledger),
      ...bundle.files,
    ],
    scanned,
    leaks: scan.leaks(),
  };
}

// Run as a child process: one job in, one report (or error) out.
if (process.send) {
  process.once('message', (job: OutputsJob) => {
    runOutputsJob(job).then(
      (report) => process.send!({ ok: true, report }, () => process.exit(0)),
      (err: unknown) =>
        process.send!({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }, () =>
          process.exit(1),
        ),
    );
  });
}
