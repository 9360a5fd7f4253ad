// The editor's form for the recall watch list (content/recall-watch.yml), a collection of that one
// file: its fields are the file's schema's (src/catalog/recall-watch-file.ts), read from the zod
// objects themselves, each hint the schema's own description, each label the glossary's
// (./editor-words.ts). Decap's built-in widgets; the whole file is judged again by the schema
// before every save (src/editor/watch-format.ts).
import { z } from 'zod';
import {
  RECALL_SOURCE_NAMES,
  RECALL_WATCH_FILE,
  RecallWatchFile,
  WHY_MIN,
  type RecallSourceId,
} from '../catalog/recall-watch-file.ts';
import { SLUG_PATTERN } from '../catalog/slug.ts';
import { WATCH_COLLECTION, WATCH_FILE_NAME, WATCH_FORMAT } from './editor-names.ts';
import { WATCH_WORDS, type WatchFieldKey } from './editor-words.ts';

type Field = Record<string, unknown>;

const labelOf = (key: string) => WATCH_WORDS.labels[key as WatchFieldKey] ?? key;

/** The form's field for one value of an item (a brand's or a recall's). */
function itemField(key: string, schema: z.ZodType): Field {
  const base = { name: key, label: labelOf(key), hint: schema.description, required: true };
  if (schema instanceof z.ZodEnum)
    return {
      ...base,
      widget: 'select',
      options: (schema.options as RecallSourceId[]).map((id) => ({ label: RECALL_SOURCE_NAMES[id] ?? id, value: id })),
    };
  if (schema instanceof z.ZodArray)
    return {
      ...base,
      widget: 'list',
      field: { name: 'item', label: WATCH_WORDS.labels.company, widget: 'string' },
    };
  // A product is named by its web address's last part (the file's name), the form checks its shape
  // with the schema's own pattern, and the check before a save (and the validator) that it exists.
  if (key === 'product') return { ...base, widget: 'string', pattern: [SLUG_PATTERN.source, WATCH_WORDS.productShape] };
  if (key === 'why')
    // The schema's shortest reason, once the spaces around it are cut: WHY_MIN characters.
    return { ...base, widget: 'text', pattern: [`\\S[\\s\\S]{${WHY_MIN - 2},}\\S`, WATCH_WORDS.whyTooShort] };
  return { ...base, widget: 'string' };
}

/** The form's field for one of the file's lists (aliases, dismissals): a list of items. */
function listField(key: string, schema: z.ZodType): Field {
  const list = schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema;
  if (!(list instanceof z.ZodArray) || !(list.element instanceof z.ZodObject))
    throw new Error(`${RECALL_WATCH_FILE}: ${key} is not a list of items, which the form expects.`);
  const item = list.element as z.ZodObject;
  return {
    name: key,
    label: labelOf(key),
    label_singular: WATCH_WORDS.items[key as keyof typeof WATCH_WORDS.items],
    hint: schema.description,
    widget: 'list',
    // The list may be empty (the file's default).
    required: false,
    collapsed: true,
    summary: key === 'aliases' ? '{{fields.brand}}' : '{{fields.source}} {{fields.recall}}: {{fields.product}}',
    fields: Object.entries(item.shape).map(([k, s]) => itemField(k, s as z.ZodType)),
  };
}

/** The form's fields for the whole file, in the schema's order. */
export const watchListFields = (): Field[] =>
  Object.entries(RecallWatchFile.shape).map(([k, s]) => listField(k, s as z.ZodType));

/** The collection of the one file (Decap's `files` kind): edited, never created or deleted. */
export function watchListCollection(): Field {
  return {
    name: WATCH_COLLECTION,
    label: WATCH_WORDS.label,
    label_singular: WATCH_WORDS.label,
    description: WATCH_WORDS.description,
    format: WATCH_FORMAT,
    create: false,
    delete: false,
    editor: { preview: false },
    files: [{ name: WATCH_FILE_NAME, label: WATCH_WORDS.page, file: RECALL_WATCH_FILE, fields: watchListFields() }],
  };
}
