// Page weight as a reader gets it: HTML bytes raw and gzipped, the JavaScript a reader must
// download (external and inline scripts, JSON-LD excluded) and the CSS, fetched over loopback.
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  path: string;
  status: number;
  htmlBytes: number;
  htmlGzipBytes: number;
  scripts: number;
  jsBytes: number;
  stylesheets: number;
  cssBytes: number;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(2)
    .find((v) => v !== undefined);

async function bytesOf(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return res.ok ? (await res.arrayBuffer()).byteLength : 0;
}

export async function pageWeight(base: string, pagePath: string): Promise<PageWeight> {
  const res = await fetch(new URL(pagePath, base), { headers: { 'accept-encoding': 'identity' } });
  const html = Buffer.from(await res.arrayBuffer());
  const text = html.toString('utf8');
  let scripts = 0;
  let jsBytes = 0;
  for (const m of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const open = m[1] ?? '';
    const type = attr(open, 'type');
    if (type && !/^(module|text\/javascript|application\/javascript)$/i.test(type)) continue; // data blocks (JSON-LD)
    scripts++;
    const src = attr(open, 'src');
    jsBytes += src ? await bytesOf(new URL(src, new URL(pagePath, base)).href) : Buffer.byteLength(m[2] ?? '');
  }
  for (const m of text.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(m[0], 'rel') ?? '';
    if (/modulepreload/i.test(rel)) {
      const href = attr(m[0], 'href');
      if (href) {
        scripts++;
        jsBytes += await bytesOf(new URL(href, new URL(pagePath, base)).href);
      }
    }
  }
  let stylesheets = 0;
  let cssBytes = 0;
  for (const m of text.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\bstylesheet\b/i.test(attr(m[0], 'rel') ?? '')) continue;
    const href = attr(m[0], 'href');
    if (!href) continue;
    stylesheets++;
    cssBytes += await bytesOf(new URL(href, new URL(pagePath, base)).href);
  }
  for (const m of text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    stylesheets++;
    cssBytes += Buffer.byteLength(m[1] ?? '');
  }
  return {
    path: pagePath,
    status: res.status,
    htmlBytes: html.byteLength,
    htmlGzipBytes: gzipSync(html).byteLength,
    scripts,
    jsBytes,
    stylesheets,
    cssBytes,
  };
}
