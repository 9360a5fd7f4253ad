// The recall watch list (content/recall-watch.yml) as the editor reads and writes it: read with the
// file's own parser, written whole by the file's own writer, so its header comment stays on every
// save (Decap's YAML writer would drop it). Before a save the form's values are judged by the same
// parser `npm run validate` runs; a mistake is said in the glossary's words and nothing is saved.
import { parse } from 'yaml';
import { parseRecallWatch, RecallWatchFile, writeRecallWatch, type RecallWatch } from '../catalog/recall-watch-file.ts';
import { WATCH_COLLECTION, WATCH_FORMAT } from '../outputs/editor-names.ts';
import { WATCH_WORDS, type WatchFieldKey } from '../outputs/editor-words.ts';
import type { Decap } from './decap.ts';

/** Only the file's two lists, whatever else the form holds. */
const lists = (data: Record<string, unknown>) => ({ aliases: data.aliases ?? [], dismissals: data.dismissals ?? [] });

export const watchFormat = {
  /** The file's lists; a file the schema refuses is still shown as written, so it can be fixed. */
  fromFile(text: string): Record<string, unknown> {
    const read = parseRecallWatch(text);
    if (read.ok) return read.value;
    const raw: unknown = parse(text);
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? lists(raw as Record<string, unknown>) : {};
  },

  /** The whole file: the header, then the lists (the schema's tidy values when they pass, else as typed). */
  toFile(data: Record<string, unknown>): string {
    const parsed = RecallWatchFile.safeParse(lists(data));
    return writeRecallWatch(parsed.success ? parsed.data : (lists(data) as RecallWatch));
  },
};

/** A field's place in words: “Recalls that are not about our product, number 2, “Why””. */
function place(path: readonly string[]): string {
  const [list, index, key] = path;
  const label = (k: string | undefined) => (k ? (WATCH_WORDS.labels[k as WatchFieldKey] ?? k) : '');
  if (list === undefined) return WATCH_WORDS.label;
  if (index === undefined || !/^\d+$/.test(index)) return label(list);
  const item = `${label(list)}, ${WATCH_WORDS.itemNumber(Number(index) + 1)}`;
  return key === undefined ? item : `${item}, “${label(key)}”`;
}

/** The form's mistakes, each a plain sentence, judged on the text that would be saved; none when it may be saved. */
export function watchListMistakes(data: Record<string, unknown>): string[] {
  const read = parseRecallWatch(watchFormat.toFile(data));
  if (read.ok) return [];
  return read.problems.map((p) => `${place(p.field === '(file)' ? [] : p.field.split('.'))}: ${p.message}.`);
}

/** Registers the reader and writer, and the judgement before each save of the watch list. */
export function registerWatchList(CMS: Decap): void {
  CMS.registerCustomFormat(WATCH_FORMAT, 'yml', watchFormat);
  CMS.registerEventListener({
    name: 'preSave',
    handler: ({ entry }) => {
      if (entry.get('collection') !== WATCH_COLLECTION) return undefined;
      const mistakes = watchListMistakes((entry.get('data') as { toJS(): Record<string, unknown> }).toJS());
      // Decap says “Not saved: …” with this, and saves nothing.
      if (mistakes.length) throw new Error(mistakes.join(' '));
      return undefined;
    },
  });
}
