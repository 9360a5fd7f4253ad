// The editor's words (src/outputs/editor-words.ts) are a teacher's: no term of the forbidden list
// (test/support/forbidden-terms.ts) in any text of the glossary, of the form the configuration
// builds from it, or of the page shown before the editor's code runs; the locale is registered
// under a code of its own (Decap merges it over its English) and names only keys Decap has.
import { describe, expect, it } from 'vitest';
// @ts-expect-error decap-cms-locales ships no types: its English is a plain object of texts.
import en from 'decap-cms-locales/dist/esm/en/index.js';
import { CURATORS, SITE_NAME } from '../../src/config/site.ts';
import { editorConfig } from '../../src/outputs/editor-config.ts';
import { editorPageHtml } from '../../src/outputs/editor-page.ts';
import {
  COLLECTION_WORDS,
  DECAP_PHRASES,
  EDITOR_LOCALE,
  FIELD_WORDS,
  MESSAGES,
  WATCH_WORDS,
} from '../../src/outputs/editor-words.ts';
import { mistakeOf } from '../../src/editor/mistakes.ts';
import { signedInCurator } from '../../src/editor/curator.ts';
import { forbiddenIn } from '../support/forbidden-terms.ts';

/** Every text of a nested object of texts (functions called with sample values), with its path. */
function texts(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (typeof value === 'function') return [[at, String((value as (...a: unknown[]) => unknown)(3, '1.2'))]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => texts(v, at ? `${at}.${k}` : k));
  return [];
}

const config = editorConfig({ base: 'https://catalog.example', backend: { branch: 'main' } });
const form = (config.collections as { fields: Record<string, unknown>[] }[])[0]!.fields;

/** The page's scripts, as the build names them (their names are not what is tested here). */
const SCRIPTS = {
  editor: '/editor-code/editor-ABCD1234.js',
  decap: '/decap/3.19.1-0123456789/decap-cms.js',
};

describe('the editor’s words', () => {
  it.each([
    ['the glossary', texts({ COLLECTION_WORDS, FIELD_WORDS, MESSAGES, DECAP_PHRASES, WATCH_WORDS })],
    ['the form', texts(form.map((f) => ({ label: f.label, hint: f.hint, options: f.options })))],
    [
      'the collection',
      texts({ label: 'x', description: (config.collections as Record<string, unknown>[])[0]!.description }),
    ],
    [
      'the page before the code runs',
      [['html', editorPageHtml(SCRIPTS).replace(/<[^>]*>/g, ' ')]] as [string, string][],
    ],
  ])('%s holds no forbidden term', (_, all) => {
    // Decap's placeholders (%{collection}) are filled with our words, not shown.
    const found = all.flatMap(([at, text]) =>
      forbiddenIn(text.replace(/%\{\w+\}/g, '…')).map((term) => `${at}: ${term} in “${text}”`),
    );
    expect(found).toEqual([]);
  });

  it('the page says the site’s name and “Opening the editor…” before any script runs', () => {
    const html = editorPageHtml(SCRIPTS);
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toContain(SITE_NAME);
    expect(body).toContain(MESSAGES.opening);
    expect(body.indexOf(MESSAGES.opening)).toBeLessThan(html.length);
    expect(html.indexOf('<script')).toBeLessThan(html.indexOf('<body>')); // a module script: it runs after parsing
  });

  it('is a locale of its own, over Decap’s English, naming only keys Decap has', () => {
    expect(EDITOR_LOCALE).not.toBe('en');
    expect(config.locale).toBe(EDITOR_LOCALE);
    const unknown = texts(DECAP_PHRASES)
      .map(([at]) => at)
      .filter(
        (at) =>
          at.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en) === undefined,
      );
    expect(unknown).toEqual([]);
  });

  it('says each field’s mistake in one sentence of the glossary, and the schema’s message (no backticks) for any other', () => {
    for (const [key, words] of Object.entries(FIELD_WORDS)) {
      expect(mistakeOf(key as never, 'must not be empty. Fix: Write it.')).toBe(words!.mistake);
      expect(words!.mistake.split(/[.!?](\s|$)/).filter((s) => s.trim()).length, key).toBe(1);
    }
    expect(mistakeOf('nothing' as never, 'is `null`. Fix: write it')).toBe('is null');
  });
});

describe('her own name', () => {
  const signedIn = (user: unknown) => {
    const store = new Map([['decap-cms-user', JSON.stringify(user)]]);
    globalThis.localStorage = { getItem: (k: string) => store.get(k) ?? null } as Storage;
  };
  const codes = Object.keys(CURATORS);

  it('is her curator code when her handle is one (the gateway’s name, or Netlify’s full_name, any case)', () => {
    signedIn({ name: codes[0], backendName: 'git-gateway' });
    expect(signedInCurator()).toBe(codes[0]);
    signedIn({ user_metadata: { full_name: codes[1]!.toUpperCase() } });
    expect(signedInCurator()).toBe(codes[1]);
  });

  it('is nobody when her handle is not a code, nobody is signed in, or the record is not JSON', () => {
    signedIn({ name: 'jo', login: 'jo@home.example' });
    expect(signedInCurator()).toBeNull();
    globalThis.localStorage = { getItem: () => null } as unknown as Storage;
    expect(signedInCurator()).toBeNull();
    globalThis.localStorage = { getItem: () => '{not json' } as unknown as Storage;
    expect(signedInCurator()).toBeNull();
    Reflect.deleteProperty(globalThis, 'localStorage'); // a unit test leaves no global behind
  });
});
