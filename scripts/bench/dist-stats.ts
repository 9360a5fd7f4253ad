// What a build wrote: file count and bytes by kind, the sizes of the catalog-wide outputs
// (products.json, llms.txt, llms-small.txt, llms-full.txt), the largest HTML page, and optionally the largest
// once gzipped (every HTML page compressed, as the CDN sends it).
import { existsSync, readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FileSize {
  path: string;
  bytes: number;
  /** Unicode code points, for text budgets such as llms.txt's 50,000 characters. */
  chars?: number;
}

export interface DistStats {
  files: number;
  bytes: number;
  byExtension: Record<string, number>;
  productsJson: FileSize | null;
  llmsTxt: FileSize | null;
  llmsSmallTxt: FileSize | null;
  llmsFullTxt: FileSize | null;
  largestHtml: FileSize | null;
  /** The HTML page with the most bytes after gzip (`bytes` is the gzipped size); with `gzipHtml` only. */
  largestHtmlGzip?: FileSize | null;
  htmlPages?: number;
}

async function walk(dir: string, out: { rel: string; bytes: number }[], root = dir): Promise<void> {
  for (const d of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) await walk(p, out, root);
    else if (d.isFile())
      out.push({ rel: path.relative(root, p).split(path.sep).join('/'), bytes: (await stat(p)).size });
  }
}

function sized(dist: string, candidates: string[], countChars = false): FileSize | null {
  for (const rel of candidates) {
    const p = path.join(dist, rel);
    if (!existsSync(p)) continue;
    const buf = readFileSync(p);
    return {
      path: `/${rel}`,
      bytes: buf.byteLength,
      ...(countChars ? { chars: [...buf.toString('utf8')].length } : {}),
    };
  }
  return null;
}

export async function distStats(dist: string, { gzipHtml = false } = {}): Promise<DistStats> {
  const files: { rel: string; bytes: number }[] = [];
  if (existsSync(dist)) await walk(dist, files);
  const byExtension: Record<string, number> = {};
  let largest: FileSize | null = null;
  for (const f of files) {
    const ext = path.extname(f.rel) || '(none)';
    byExtension[ext] = (byExtension[ext] ?? 0) + 1;
    if (ext === '.html' && (!largest || f.bytes > largest.bytes)) largest = { path: `/${f.rel}`, bytes: f.bytes };
  }
  let largestGzip: FileSize | null = null;
  const html = files.filter((f) => f.rel.endsWith('.html'));
  if (gzipHtml)
    for (const f of html) {
      const bytes = gzipSync(readFileSync(path.join(dist, f.rel))).byteLength;
      if (!largestGzip || bytes > largestGzip.bytes) largestGzip = { path: `/${f.rel}`, bytes };
    }
  return {
    files: files.length,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    byExtension,
    productsJson: sized(dist, ['api/products.json', 'products.json']),
    llmsTxt: sized(dist, ['llms.txt'], true),
    llmsSmallTxt: sized(dist, ['llms-small.txt']),
    llmsFullTxt: sized(dist, ['llms-full.txt'], true),
    largestHtml: largest,
    ...(gzipHtml ? { largestHtmlGzip: largestGzip, htmlPages: html.length } : {}),
  };
}
