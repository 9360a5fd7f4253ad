// Text search over the admin catalog's search text (src/admin/catalog-format.ts: one lower-cased
// line per product) without holding it in memory. The file is read in chunks of whole lines into
// one small buffer that is reused, and each word is found with Buffer#indexOf, which compares
// bytes: a UTF-8 word is found in UTF-8 text exactly where the decoded string would hold it.
//
// Why not read the file and split it: at 10,000 products the text is 4.2 MB, and a cold function
// spent ~37 ms reading it into one string (most of it touching fresh memory) and ~17 ms finding
// the line breaks, plus garbage collection, on the first search of every instance. Chunks and the
// line places the build writes (the `text` column) take 6–8 ms (docs/bench.md, "The MCP cold start").
import { closeSync, openSync, readSync } from 'node:fs';
import type { BytePlace } from '../../admin/catalog-format.ts';

/** Bytes read at a time; a longer line gets a buffer of its own. */
const CHUNK_BYTES = 256 * 1024;

/**
 * 1 for each line of `file` (places in file order) that holds every one of `words` (none: every
 * line); a word never holds a newline, so it never spans two lines or two chunks.
 */
export function linesHoldingAll(file: string, places: readonly BytePlace[], words: readonly string[]): Uint8Array {
  const hits = new Uint8Array(places.length);
  const needles = words.map((w) => Buffer.from(w, 'utf8'));
  const fd = openSync(file, 'r');
  try {
    let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let first = 0; first < places.length;) {
      // Lines [first, end): as many whole lines as fit in a chunk, at least one.
      const start = places[first]![0];
      let end = first + 1;
      while (end < places.length && lineEnd(places[end]!) - start <= CHUNK_BYTES) end++;
      const size = lineEnd(places[end - 1]!) - start;
      if (size > buffer.length) buffer = Buffer.allocUnsafe(size);
      const chunk = buffer.subarray(0, readSync(fd, buffer, 0, size, start));
      markLines(chunk, start, places, first, end, needles, hits);
      first = end;
    }
  } finally {
    closeSync(fd);
  }
  return hits;
}

const lineEnd = ([offset, length]: BytePlace) => offset + length;

/** Marks the lines [first, end) of `chunk` (which starts at byte `start`) that hold every needle. */
function markLines(
  chunk: Buffer,
  start: number,
  places: readonly BytePlace[],
  first: number,
  end: number,
  needles: readonly Buffer[],
  hits: Uint8Array,
): void {
  // Per line: how many of the needles it holds so far; a line holds all when the count is complete.
  const held = new Uint8Array(end - first);
  needles.forEach((needle, n) => {
    let line = first;
    for (let at = chunk.indexOf(needle); at !== -1;) {
      // The line holding `at`: the last one starting at or before it, searched from the previous hit.
      let hi = end - 1;
      while (line < hi) {
        const mid = (line + hi + 1) >> 1;
        if (places[mid]![0] - start <= at) line = mid;
        else hi = mid - 1;
      }
      if (held[line - first] === n) held[line - first] = n + 1;
      if (line + 1 >= end) break;
      at = chunk.indexOf(needle, places[line + 1]![0] - start);
    }
  });
  for (let i = 0; i < held.length; i++) if (held[i] === needles.length) hits[first + i] = 1;
}
