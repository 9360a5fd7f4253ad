// Decap's check of its configuration, precompiled (src/build/decap-config-check.ts): the standalone
// code accepts the project's configuration and judges every configuration as Decap's own AJV does
// (the same verdict and the same errors, on Decap's schema with ajv-keywords' compiled keywords);
// the two keywords rewritten as code agree with ajv-keywords' on a table of values; the bundle
// refuses a Decap whose validateConfig is not the one it replaces.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { transform } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIG_SCHEMA_FILE,
  decapAjv,
  decapConfigValidator,
  instanceofKeyword,
  uniqueItemPropertiesKeyword,
  withPrecompiledCheck,
} from '../../src/build/decap-config-check.ts';
import { editorConfig } from '../../src/outputs/editor-config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** Ajv as Decap's validateConfig makes it: ajv-keywords' own (compiled) keywords. */
function decapsOwnAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, $data: true, strict: false });
  const keywords = require('ajv-keywords/dist/keywords') as Record<string, (a: Ajv) => Ajv>;
  for (const k of ['uniqueItemProperties', 'select', 'instanceof', 'prohibited']) keywords[k]!(ajv);
  (require('ajv-errors') as { default: (a: Ajv) => Ajv }).default(ajv);
  return ajv;
}

let precompiled: Validate;
let decaps: Validate;
beforeAll(async () => {
  const { code, schema } = await decapConfigValidator(ROOT);
  // The standalone module as the bundle takes it, run here as CommonJS.
  const cjs = (await transform(code, { format: 'cjs', loader: 'js' })).code;
  const module = { exports: {} as { default?: Validate } };
  new Function('module', 'exports', 'require', cjs)(module, module.exports, require);
  precompiled = module.exports.default!;
  decaps = decapsOwnAjv().compile(schema) as Validate;
}, 60_000);

const verdict = (v: Validate, config: unknown) => {
  const ok = v(config);
  const errors = (v.errors ?? []).map((e) => `${e.keyword} ${e.instancePath} ${e.message}`).sort();
  return { ok, errors };
};

const project = () => editorConfig({ base: 'https://catalog.example', backend: { branch: 'main' } });
const field = (over: Record<string, unknown> = {}) => ({ name: 'title', label: 'Title', widget: 'string', ...over });
const folder = (over: Record<string, unknown> = {}) => ({
  name: 'posts',
  label: 'Posts',
  folder: 'content/posts',
  fields: [field()],
  ...over,
});
const config = (over: Record<string, unknown> = {}) => ({
  backend: { name: 'test-repo' },
  media_folder: 'static/images',
  collections: [folder()],
  ...over,
});

const CASES: [string, unknown][] = [
  ['the project’s configuration', project()],
  ['the project’s configuration, its backend gone', { ...project(), backend: undefined }],
  ['a small valid one', config()],
  ['no collections', config({ collections: undefined })],
  ['no media folder nor library', { backend: { name: 'test-repo' }, collections: [folder()] }],
  ['two fields of one name', config({ collections: [folder({ fields: [field(), field()] })] })],
  ['two collections of one name', config({ collections: [folder(), folder()] })],
  ['a pattern as a RegExp', config({ collections: [folder({ fields: [field({ pattern: [/^a/, 'an a'] })] })] })],
  ['a pattern as a string', config({ collections: [folder({ fields: [field({ pattern: ['^a', 'an a'] })] })] })],
  ['a pattern as a number', config({ collections: [folder({ fields: [field({ pattern: [3, 'three'] })] })] })],
  ['a pattern as a Date', config({ collections: [folder({ fields: [field({ pattern: [new Date(0), 'x'] })] })] })],
  ['a select without options', config({ collections: [folder({ fields: [field({ widget: 'select' })] })] })],
  [
    'a select with options',
    config({ collections: [folder({ fields: [field({ widget: 'select', options: ['a', 'b'] })] })] }),
  ],
  [
    'a list of fields named twice',
    config({ collections: [folder({ fields: [field({ widget: 'list', fields: [field(), field()] })] })] }),
  ],
  [
    'a number with a string min',
    config({ collections: [folder({ fields: [field({ widget: 'number', min: 'x' })] })] }),
  ],
  ['an unknown extension without a format', config({ collections: [folder({ extension: 'txt' })] })],
  ['a frontmatter delimiter without a format', config({ collections: [folder({ frontmatter_delimiter: '~~~' })] })],
  ['both files and folder', config({ collections: [folder({ files: [] })] })],
  ['a field without a name', config({ collections: [folder({ fields: [{ label: 'x' }] })] })],
  ['i18n with an unknown structure', config({ i18n: { structure: 'sideways', locales: ['en'] } })],
  [
    'a view filter with an extra key',
    config({ collections: [folder({ view_filters: [{ label: 'a', field: 'b', pattern: true, x: 1 }] })] }),
  ],
];

describe('the precompiled check judges as Decap’s AJV does', () => {
  it('accepts the project’s configuration', () => {
    expect(verdict(precompiled, project())).toEqual({ ok: true, errors: [] });
  });
  it.each(CASES)('%s', (_, c) => {
    const mine = verdict(precompiled, c);
    expect(mine).toEqual(verdict(decaps, c));
  });
  it('the broken ones are refused (the table is not all valid)', () => {
    const refused = CASES.filter(([, c]) => !verdict(precompiled, c).ok).map(([name]) => name);
    expect(refused).toEqual(
      expect.arrayContaining(['two fields of one name', 'a pattern as a number', 'no collections']),
    );
    expect(refused).not.toContain('a pattern as a RegExp');
  });
});

describe('the two keywords written as code agree with ajv-keywords’', () => {
  const both = (schema: object) => {
    const keywords = require('ajv-keywords/dist/keywords') as Record<string, (a: Ajv) => Ajv>;
    const theirs = new Ajv({ allErrors: true, strict: false });
    keywords.uniqueItemProperties!(theirs);
    keywords.instanceof!(theirs);
    const ours = new Ajv({ allErrors: true, strict: false });
    ours.addKeyword(uniqueItemPropertiesKeyword);
    ours.addKeyword(instanceofKeyword);
    return [theirs.compile(schema), ours.compile(schema)] as const;
  };
  it.each([
    [[]],
    [[{ name: 'a' }]],
    [[{ name: 'a' }, { name: 'b' }]],
    [[{ name: 'a' }, { name: 'a' }]],
    [[{ name: 'a' }, { other: 1 }, { name: 'a' }]],
    [[{ name: 1 }, { name: '1' }]],
    [[{ name: null }, { name: 'null' }]],
    [[{ name: null }, { name: null }]],
    [[{}, {}]],
    [['a', 'a']],
    [[{ name: 'a' }, { name: 'b' }, { name: 'b' }]],
  ])('uniqueItemProperties on %j', (items) => {
    const [theirs, ours] = both({
      type: 'array',
      items: { type: ['object', 'string'], properties: { name: { type: ['string', 'number', 'null'] } } },
      uniqueItemProperties: ['name'],
    });
    expect(ours(items)).toBe(theirs(items));
  });
  it.each([[/x/], ['x'], [new Date(0)], [3], [null], [{}], [[]]])('instanceof RegExp / Date on %s', (value) => {
    for (const name of ['RegExp', 'Date', ['RegExp', 'Date']]) {
      const [theirs, ours] = both({ instanceof: name });
      expect(ours(value), JSON.stringify(name)).toBe(theirs(value));
    }
  });
  it('refuses what it does not check: a key not typed as a scalar, a constructor it does not know', () => {
    const ajv = decapAjv();
    expect(() =>
      ajv.compile({ type: 'array', items: { properties: { o: { type: 'object' } } }, uniqueItemProperties: ['o'] }),
    ).toThrow(/not typed as a scalar/);
    expect(() => ajv.compile({ instanceof: 'Map' })).toThrow(/not a global constructor/);
  });
});

describe('the bundle replaces exactly what Decap ships', () => {
  const shipped = readFileSync(path.join(ROOT, CONFIG_SCHEMA_FILE), 'utf8');
  it('Decap’s file loses AJV and calls the precompiled check', () => {
    const out = withPrecompiledCheck(shipped, '[]');
    expect(out).not.toMatch(/from 'ajv(?:-keywords\/[^']*|-errors)?'|new AJV/);
    expect(out).toMatch(/validatePrecompiled\(config\)/);
    expect(out).toMatch(/assertDecapWidgets\(getWidgets\(\)\)/);
    // Decap's own messages and its sortable-field rule stay.
    expect(out).toMatch(/fields names must be unique/);
    expect(out).toMatch(/only one sortable field can have the default_sort property/);
  });
  it('a Decap whose validateConfig changed stops the bundle, saying what to do', () => {
    const changed = shipped.replace('allErrors: true,', 'allErrors: false,');
    expect(() => withPrecompiledCheck(changed, '[]')).toThrow(/is not the file .* was written for/);
  });
});
