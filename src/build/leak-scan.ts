// The leak search of the post-build proof: no unpublished product's slug or name in any text the
// build writes. Shared by the outputs worker (which scans each text as it writes it) and the proof
// (which reads the rest back from dist/).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AGE_BANDS } from '../catalog/ages.ts';
import { catalogView, statusOf } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { CATEGORIES, CATEGORY_SLUGS } from '../config/site.ts';

/** Files that are not text (never scanned). */
export const BINARY = /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|eot|pdf|zip|gz|br|mp4|webm|wasm|pagefind)$/i;
/** Pagefind's compressed index files (fragments hold each record's text): scanned inflated. */
export const SEARCH_DATA = /\.pf_[a-z]+$/;

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

/** The unpublished products' slugs and names that would prove a leak (terms a published product or the site uses cannot). */
export function hiddenTerms(entries: readonly CatalogEntry[], at: Date): { slugs: string[]; names: string[] } {
  const view = catalogView(entries, at);
  const published = new Set(view.products.flatMap((e) => [e.data.slug, e.data.name]));
  const reserved = new Set<string>([
    ...CATEGORY_SLUGS,
    ...Object.values(CATEGORIES).map((c) => c.label),
    ...AGE_BANDS.flatMap((b) => [b.slug, b.label]),
  ]);
  const keep = (t: string) => !published.has(t) && !reserved.has(t);
  const hidden = entries.filter((e) => statusOf(e, at) !== 'published');
  return {
    slugs: [...new Set(hidden.map((e) => e.data.slug).filter(keep))].sort(),
    names: [...new Set(hidden.map((e) => e.data.name).filter(keep))].sort(),
  };
}

/** A digest of the hidden terms: a file found clean stays clean while this and the file are unchanged. */
export const termsDigest = (terms: { slugs: string[]; names: string[] }) =>
  createHash('sha1').update(JSON.stringify(terms)).digest('base64url');

/** A dist/ file's text as the leak search reads it (Pagefind's files inflated). */
export function scanText(relPath: string, raw: Uint8Array): string {
  return Buffer.from(SEARCH_DATA.test(relPath) ? gunzipSync(raw) : raw).toString('utf8');
}

export const readForScan = (dist: string, relPath: string) => scanText(relPath, readFileSync(path.join(dist, relPath)));

export interface LeakReport {
  file: string;
  hits: string[];
}

/** Collects the leaks of the texts it is shown. */
export function leakScanner(entries: readonly CatalogEntry[], at: Date) {
  const terms = hiddenTerms(entries, at);
  const match = unpublishedMatcher(terms.slugs, terms.names);
  const found: LeakReport[] = [];
  const text = (file: string, body: string) => {
    if (!terms.slugs.length && !terms.names.length) return;
    const hits = match(body);
    if (hits.length) found.push({ file: file.replace(/^\/+/, ''), hits });
  };
  return {
    terms,
    text,
    bytes: (file: string, raw: Uint8Array) => text(file, scanText(file, raw)),
    leaks: () => found,
  };
}

export function formatLeak({ file, hits }: LeakReport): string {
  return `${file}: mentions unpublished ${hits.slice(0, 5).join(', ')}${hits.length > 5 ? ` and ${hits.length - 5} more` : ''}`;
}
