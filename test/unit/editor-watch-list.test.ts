// The recall watch list in the editor: /admin/config.yml has a collection of that one file whose
// form is the file's schema (every key, each hint its description, the sources as choices, the
// product's address checked with the schema's pattern), the backend untouched; the gateway's
// branch for it is the one Decap names (cms/<collection>/<file's name>); the editor's format reads
// the repository's file and writes it back identical, header and all; and a form with a mistake is
// refused in plain words.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  RECALL_SOURCE_IDS,
  RECALL_SOURCE_NAMES,
  RECALL_WATCH_FILE,
  RECALL_WATCH_HEADER,
  RecallAlias,
  RecallDismissal,
  RecallWatchFile,
} from '../../src/catalog/recall-watch-file.ts';
import { editorConfig, editorConfigYaml } from '../../src/outputs/editor-config.ts';
import { EDITOR_COLLECTION, WATCH_FORMAT } from '../../src/outputs/editor-names.ts';
import { WATCH_WORDS } from '../../src/outputs/editor-words.ts';
import { watchFormat, watchListMistakes } from '../../src/editor/watch-format.ts';
import {
  editorItemOf,
  isEditorBranch,
  isEditorSaveBranch,
  WATCH_LIST_BRANCH,
  WITHDRAWABLE_BRANCH,
} from '../../src/server/proposals/backend.ts';
import { forbiddenIn } from '../support/forbidden-terms.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const config = editorConfig({ base: 'https://catalog.example', backend: { branch: 'main' } });
type Field = Record<string, unknown> & { name: string; fields?: Field[]; options?: { label: string; value: string }[] };
type Collection = Record<string, unknown> & { name: string; files?: (Record<string, unknown> & { fields: Field[] })[] };
const collections = config.collections as Collection[];
const watch = collections.find((c) => c.files)!;
const file = watch.files![0]!;
const list = (name: string) => file.fields.find((f) => f.name === name)!;
const repoText = readFileSync(path.join(ROOT, RECALL_WATCH_FILE), 'utf8');

describe('the recall watch list’s collection', () => {
  it('is a second collection of one file, content/recall-watch.yml, never created or deleted, in its own format', () => {
    expect(collections.map((c) => c.name)).toEqual([EDITOR_COLLECTION, watch.name]);
    expect(watch.files).toHaveLength(1);
    expect(file.file).toBe(RECALL_WATCH_FILE);
    expect(watch).toMatchObject({ create: false, delete: false, format: WATCH_FORMAT, label: WATCH_WORDS.label });
  });

  it('is saved on the one branch the gateway lets through: Decap’s cms/<collection>/<file’s name>', () => {
    expect(`cms/${watch.name}/${String(file.name)}`).toBe(WATCH_LIST_BRANCH);
    expect(isEditorSaveBranch(WATCH_LIST_BRANCH)).toBe(true);
    // Not a product's: the proposals (list_proposals, withdraw_proposal) and the board's products leave it.
    expect(isEditorBranch(WATCH_LIST_BRANCH)).toBe(false);
    expect(WITHDRAWABLE_BRANCH.test(WATCH_LIST_BRANCH)).toBe(false);
    expect(editorItemOf(WATCH_LIST_BRANCH)).toEqual({ collection: watch.name, name: file.name });
    expect(editorItemOf('cms/products/wooden-kite')).toEqual({ collection: EDITOR_COLLECTION, name: 'wooden-kite' });
    for (const other of ['cms/recalls/other', `${WATCH_LIST_BRANCH}/x`, 'cms/recalls/../x', 'main'])
      expect(editorItemOf(other), other).toBeNull();
  });

  it('leaves the backend as it is: git-gateway through the site’s own gateway, with the editorial workflow', () => {
    expect(config.backend).toMatchObject({
      name: 'git-gateway',
      auth_type: 'pkce',
      gateway_url: 'https://catalog.example/api/git',
    });
    expect(config.publish_mode).toBe('editorial_workflow');
    expect(parse(editorConfigYaml({ base: 'https://catalog.example', backend: { branch: 'main' } }))).toEqual(config);
  });

  it('has the file’s fields and no other, each hint the schema’s description, each label the glossary’s', () => {
    const shape = (o: z.ZodObject) => Object.keys(o.shape);
    expect(file.fields.map((f) => f.name)).toEqual(Object.keys(RecallWatchFile.shape));
    for (const [name, schema] of [
      ['aliases', RecallAlias],
      ['dismissals', RecallDismissal],
    ] as const) {
      const items = list(name).fields!;
      expect(list(name)).toMatchObject({
        widget: 'list',
        required: false,
        label: WATCH_WORDS.labels[name],
        hint: RecallWatchFile.shape[name].description,
      });
      expect(list(name).hint).toBeTruthy();
      expect(items.map((f) => f.name)).toEqual(shape(schema));
      for (const f of items) {
        const s = schema.shape[f.name as keyof typeof schema.shape] as z.ZodType;
        expect(f.hint, f.name).toBe(s.description);
        expect(f.hint, f.name).toBeTruthy();
        expect(f.label).toBe(WATCH_WORDS.labels[f.name as keyof typeof WATCH_WORDS.labels]);
        expect(f.required).toBe(true);
      }
    }
  });

  it('offers the recall sources by their names, and checks a product’s address with the schema’s own pattern', () => {
    const items = list('dismissals').fields!;
    const source = items.find((f) => f.name === 'source')!;
    expect(source.widget).toBe('select');
    expect(source.options).toEqual(RECALL_SOURCE_IDS.map((id) => ({ label: RECALL_SOURCE_NAMES[id], value: id })));
    const product = items.find((f) => f.name === 'product')!;
    expect(product.widget).toBe('string');
    const [pattern] = product.pattern as [string, string];
    for (const value of ['wooden-kite', 'Wooden Kite', '2', 'a--b', 'kite-2'])
      expect(new RegExp(pattern).test(value), value).toBe(RecallDismissal.shape.product.safeParse(value).success);
    expect(list('aliases').fields!.find((f) => f.name === 'companies')).toMatchObject({ widget: 'list' });
  });

  it('refuses a reason shorter than the schema’s in the form, as the schema does', () => {
    const why = list('dismissals').fields!.find((f) => f.name === 'why')!;
    const [pattern] = why.pattern as [string, string];
    for (const text of ['', 'not it', '   not ours   ', 'Another maker’s kite.', '  Not the same toy.  ']) {
      const schema = RecallDismissal.shape.why.safeParse(text).success;
      expect(new RegExp(pattern).test(text), JSON.stringify(text)).toBe(schema);
    }
  });

  it('speaks a teacher’s words: no forbidden term in its labels, hints, choices or descriptions', () => {
    const texts = [
      watch.label,
      watch.description,
      file.label,
      ...file.fields.flatMap((f) => [f.label, f.hint, f.label_singular]),
      ...file.fields.flatMap((f) =>
        f.fields!.flatMap((i) => [i.label, i.hint, ...(i.options ?? []).map((o) => o.label)]),
      ),
      WATCH_WORDS.waiting,
      WATCH_WORDS.whyTooShort,
      WATCH_WORDS.productShape,
    ].filter((t): t is string => typeof t === 'string');
    expect(texts.flatMap((t) => forbiddenIn(t).map((term) => `${term} in “${t}”`))).toEqual([]);
  });
});

describe('the editor’s format for the watch list', () => {
  it('reads the repository’s file and writes it back identical, header comment and all', () => {
    const form = watchFormat.fromFile(repoText);
    expect(watchFormat.toFile(form)).toBe(repoText);
  });

  it('keeps the header on a save that changes the lists, and writes only the file’s two lists', () => {
    const form = watchFormat.fromFile(repoText) as { aliases: unknown[]; dismissals: unknown[] };
    const saved = watchFormat.toFile({
      ...form,
      dismissals: [{ source: 'cpsc', recall: ' 19094 ', product: 'wooden-kite', why: ' Not the same kite at all. ' }],
      title: 'anything else the form holds',
    });
    expect(saved.startsWith(RECALL_WATCH_HEADER)).toBe(true);
    expect(saved).not.toMatch(/title/);
    expect(saved).toMatch(/recall: "19094"\n {4}product: wooden-kite\n {4}why: Not the same kite at all\.\n$/);
  });

  it('shows a file the schema refuses as it is written, so it can be fixed', () => {
    const text = `${RECALL_WATCH_HEADER}\ndismissals:\n  - source: fda\n    recall: "1"\n    product: a-toy\n    why: no\n`;
    expect(watchFormat.fromFile(text)).toEqual({
      aliases: [],
      dismissals: [{ source: 'fda', recall: '1', product: 'a-toy', why: 'no' }],
    });
  });

  it('refuses a save with a mistake, naming the list, the item and the field in the glossary’s words', () => {
    const mistakes = watchListMistakes({
      aliases: [{ brand: 'HABA', companies: [], why: 'Named in CPSC recall 08-380.' }],
      dismissals: [{ source: 'fda', recall: '1', product: 'a-toy', why: 'not it' }],
    });
    expect(mistakes).toEqual([
      `${WATCH_WORDS.labels.aliases}, number 1, “${WATCH_WORDS.labels.companies}”: must name at least one company.`,
      `${WATCH_WORDS.labels.dismissals}, number 1, “${WATCH_WORDS.labels.source}”: must be one of the recall sources: cpsc, health-canada, safety-gate.`,
      `${WATCH_WORDS.labels.dismissals}, number 1, “${WATCH_WORDS.labels.why}”: must say why in a sentence.`,
    ]);
    expect(watchListMistakes(watchFormat.fromFile(repoText))).toEqual([]);
  });
});
