// Changes fields of an existing product file the way a careful curator would by hand: only the
// lines of the fields that change are rewritten (a new field gets its own line in schema order, a
// removed optional field loses its lines), the body is replaced only when the description
// changes, and every other byte of the file stays as it was. A pull request's diff then shows
// exactly the change an admin asked for.
import { parseDocument, isMap, isScalar } from 'yaml';
import { FIELDS, ProductFrontmatter, type FieldKey } from './schema.ts';
import { yamlValue } from './product-file.ts';

/** New values by field; for an optional field (`publishAt`), null removes it. */
export type FieldChanges = Partial<Record<FieldKey, unknown>>;

interface Split {
  /** Everything up to and including the opening `---` line. */
  opening: string;
  /** The front matter lines, each with its line break. */
  matter: string;
  /** The closing `---` line with its line break. */
  closing: string;
  body: string;
  eol: string;
}

function split(text: string): Split {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const open = /^---\r?\n/.exec(text);
  if (!open) throw new Error('The product file does not open with a line of exactly ---.');
  const close = /^---[ \t]*(?:\r?\n|$)/m.exec(text.slice(open[0].length));
  if (!close) throw new Error('The product file has no closing --- line.');
  const start = open[0].length;
  const end = start + close.index;
  return {
    opening: text.slice(0, start),
    matter: text.slice(start, end),
    closing: close[0].endsWith('\n') ? close[0] : `${close[0]}${eol}`,
    body: text.slice(end + close[0].length),
    eol,
  };
}

/** Each top-level field's lines in the front matter: [first offset, end offset after its last line break]. */
function fieldLines(matter: string): Map<string, [number, number]> {
  const doc = parseDocument(matter, { customTags: ['timestamp'] });
  if (doc.errors.length || !isMap(doc.contents)) throw new Error('The product file’s front matter cannot be read.');
  const lines = new Map<string, [number, number]>();
  for (const pair of doc.contents.items) {
    if (!isScalar(pair.key) || !pair.key.range) continue;
    const from = matter.lastIndexOf('\n', pair.key.range[0] - 1) + 1;
    const valueEnd = (pair.value as { range?: [number, number, number] } | null)?.range?.[1] ?? pair.key.range[1];
    const newline = matter.indexOf('\n', Math.max(valueEnd - 1, from));
    lines.set(String(pair.key.value), [from, newline === -1 ? matter.length : newline + 1]);
  }
  return lines;
}

/**
 * The file with `changes` applied. Throws when the text is not a product file it can edit;
 * the result is not validated here (run the build's parser on it).
 */
export function editProductFile(text: string, changes: FieldChanges): string {
  const file = split(text);
  let matter = file.matter;
  const keys = FIELDS.map((f) => f.key).filter((k) => k !== 'description' && changes[k] !== undefined);
  const lines = fieldLines(matter);
  const edits: { at: [number, number]; text: string }[] = [];
  for (const key of keys) {
    const value = changes[key];
    const optional =
      ProductFrontmatter.shape[key as keyof typeof ProductFrontmatter.shape].safeParse(undefined).success;
    const line = value === null && optional ? '' : `${key}: ${yamlValue(key, value)}${file.eol}`;
    const where = lines.get(key);
    if (where) {
      edits.push({ at: where, text: line });
      continue;
    }
    if (!line) continue;
    // A field the file does not have yet: after the nearest field before it in schema order.
    const order = FIELDS.map((f) => f.key);
    const before = order
      .slice(0, order.indexOf(key))
      .reverse()
      .find((k) => lines.has(k));
    const at = before ? lines.get(before)![1] : matter.length;
    edits.push({ at: [at, at], text: line });
  }
  // From the last line up, so the offsets of earlier lines stay valid.
  edits.sort((a, b) => b.at[0] - a.at[0] || b.at[1] - a.at[1]);
  for (const e of edits) matter = matter.slice(0, e.at[0]) + e.text + matter.slice(e.at[1]);
  let body = file.body;
  if ('description' in changes) {
    const description = changes.description;
    body = typeof description === 'string' && description.trim() ? `${description.trim()}${file.eol}` : '';
  }
  return file.opening + matter + file.closing + body;
}
