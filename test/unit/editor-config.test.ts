// The browser editor's configuration (/admin/config.yml) is derived from the product schema: every
// field of a product file is a field of the form, with the widget, label, hint, required flag and
// choices the schema and its metadata say, and nothing that would commit straight to the base branch.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AGE_RANGE_EXAMPLES, parseAgeRange } from '../../src/catalog/ages.ts';
import { PRODUCT_IMAGES_DIR } from '../../src/catalog/images.ts';
import { PRODUCTS_DIR } from '../../src/catalog/load.ts';
import { FIELDS, ProductFrontmatter, field } from '../../src/catalog/schema.ts';
import { CATEGORY_SLUGS, CURATOR_CODES, CURATORS, CURRENCIES, PHOTO_RULES, PHOTOS } from '../../src/config/site.ts';
import { readSettings } from '../../src/config/env.ts';
import { editorConfig, editorConfigYaml } from '../../src/outputs/editor-config.ts';
import { COLLECTION_WORDS, EDITOR_LOCALE, FIELD_WORDS } from '../../src/outputs/editor-words.ts';
import { WIDGET_NAMES } from '../../src/editor/widgets.ts';

const BASE = 'https://catalog.example';
const deployed = editorConfig({ base: BASE, backend: { repository: 'owner/catalog', localProxyUrl: null } });
const local = editorConfig({
  base: 'http://localhost:8888',
  backend: { repository: null, localProxyUrl: 'http://localhost:4321/api/v1' },
});
type Field = {
  name: string;
  label: string;
  widget: string;
  required: boolean;
  hint: string;
  options?: { value: string; label: string }[];
  multiple?: boolean;
  default?: unknown;
};
const collection = (c: Record<string, unknown>) => (c.collections as Record<string, unknown>[])[0]!;
const fields = collection(deployed).fields as Field[];
const byName = (name: string) => fields.find((f) => f.name === name)!;

describe('the form of a product', () => {
  it('has one field for every key of the product schema, and no other (a schema key without one fails here)', () => {
    const schemaKeys = [...Object.keys(ProductFrontmatter.shape), 'description'].sort();
    expect(fields.map((f) => f.name).sort()).toEqual(schemaKeys);
  });

  it('names only widgets the editor registers', () => {
    for (const f of fields) expect(WIDGET_NAMES, f.name).toContain(f.widget);
  });

  it.each(FIELDS.map((f) => [f.key, f] as const))(
    '%s: label and hint from the editor’s glossary (else its metadata), required unless it may be empty',
    (key, f) => {
      const form = byName(key);
      expect(form.label).toBe(FIELD_WORDS[key]?.label ?? f.meta.label);
      expect(form.hint).toBe(FIELD_WORDS[key]?.hint ?? f.meta.guide);
      const mayBeEmpty = f.schema.safeParse(null).success || f.schema.safeParse(undefined).success;
      expect(form.required).toBe(!mayBeEmpty && form.widget !== 'product-boolean');
    },
  );

  it('offers the schema’s categories, currencies and curators as choices', () => {
    expect(byName('categories')).toMatchObject({ widget: 'product-select', multiple: true });
    expect(byName('categories').options!.map((o) => o.value)).toEqual([...CATEGORY_SLUGS]);
    expect(byName('currency').options!.map((o) => o.value)).toEqual([...CURRENCIES]);
    expect(byName('pickedBy').options!.map((o) => o.value)).toEqual([...CURATOR_CODES]);
  });

  it('gives the fields their own inputs: the slug, the price, the picture, text areas for multi-line text', () => {
    expect(byName('slug').widget).toBe('product-slug');
    expect(byName('price').widget).toBe('product-price');
    expect(byName('imageUrl').widget).toBe('product-picture');
    expect(byName('description').widget).toBe('product-text');
    expect(byName('whyWePicked').widget).toBe('product-text');
    expect(byName('name').widget).toBe('product-string');
    expect(byName('publishAt').widget).toBe('product-datetime');
  });

  it('puts the slug right after the name it is made from', () => {
    const names = fields.map((f) => f.name);
    expect(names.indexOf('slug')).toBe(names.indexOf('name') + 1);
  });

  it('lists the accepted age forms in the age hint, each of which the site reads', () => {
    for (const form of AGE_RANGE_EXAMPLES) {
      expect(byName('ageRange').hint).toContain(form);
      expect(parseAgeRange(form), form).not.toBeNull();
    }
    expect(field('ageRange').schema.safeParse('toddlers').success).toBe(false);
  });

  it('says the validator’s smallest photo beside the picture, in pixels (the editor shrinks and converts the rest)', () => {
    expect(byName('imageUrl').hint).toContain(`at least ${PHOTOS.minShortSide} pixels on its short side`);
    expect(PHOTO_RULES).toBe('JPEG, PNG, WebP or AVIF, at most 10 MB, at least 800 px on the short side');
  });

  it('speaks the glossary’s words, and names the locale the editor registers', () => {
    expect(deployed.locale).toBe(EDITOR_LOCALE);
    expect(collection(deployed).description).toBe(COLLECTION_WORDS.description);
    expect(byName('pickedBy').options!.map((o) => o.label)).toEqual(CURATOR_CODES.map((c) => CURATORS[c].name));
  });

  it('starts a new product published, and not a staff pick', () => {
    expect(byName('published').default).toBe(true);
    expect(byName('staffPick').default).toBe(false);
  });
});

describe('the collection and the workflow', () => {
  const c = collection(deployed);
  it('proposes every save through the editorial workflow, names files by the slug, never deletes', () => {
    expect(deployed.publish_mode).toBe('editorial_workflow');
    expect(c).toMatchObject({
      folder: PRODUCTS_DIR,
      extension: 'md',
      format: 'product-file',
      create: true,
      delete: false,
    });
    expect(c.slug).toBe('{{fields.slug}}');
    expect(c.identifier_field).toBe('name');
  });

  it('keeps pictures beside the product files, and switches the global media library off', () => {
    expect(deployed.media_folder).toBe(PRODUCT_IMAGES_DIR);
    expect(deployed.public_folder).toBe('/images/products');
    expect(deployed.media_library).toEqual({ name: 'in-the-form-only' });
  });

  it('writes to the repository’s main branch on GitHub when deployed, and names no local proxy', () => {
    expect(deployed.backend).toMatchObject({ name: 'github', repo: 'owner/catalog', branch: 'main' });
    expect(deployed).not.toHaveProperty('local_backend');
  });

  it('uses the local proxy and its own base branch on the local stack', () => {
    expect(local.local_backend).toEqual({
      url: 'http://localhost:4321/api/v1',
      allowed_hosts: ['localhost', '127.0.0.1'],
    });
    expect(local.backend).toMatchObject({ branch: 'cms-base/8888' });
  });

  it('is served as YAML that reads back as the same configuration', () => {
    const text = editorConfigYaml({ base: BASE, backend: { repository: 'owner/catalog', localProxyUrl: null } });
    expect(text.startsWith('# The browser editor')).toBe(true);
    expect(parse(text)).toEqual(deployed);
  });
});

describe('where the editor’s backend comes from', () => {
  const editor = (env: Record<string, string>) => readSettings(env).build.editor;
  it('names the repository from GITHUB_REPOSITORY, else from Netlify’s REPOSITORY_URL', () => {
    expect(editor({ GITHUB_REPOSITORY: 'a/b' }).repository).toBe('a/b');
    expect(editor({ REPOSITORY_URL: 'https://github.com/acme/catalog' }).repository).toBe('acme/catalog');
    expect(editor({ REPOSITORY_URL: 'https://github.com/acme/catalog.git' }).repository).toBe('acme/catalog');
    expect(editor({ REPOSITORY_URL: 'https://gitlab.com/acme/catalog' }).repository).toBeNull();
  });

  it.each([
    [{ EDITOR_PROXY_URL: 'http://localhost:4321/api/v1' }, 'http://localhost:4321/api/v1'],
    [{ EDITOR_PROXY_URL: 'http://localhost:4321/api/v1', CONTEXT: 'dev' }, 'http://localhost:4321/api/v1'],
    // netlify serve builds as production locally (NETLIFY_LOCAL); a build on Netlify sets NETLIFY=true.
    [
      { EDITOR_PROXY_URL: 'http://localhost:4321/api/v1', CONTEXT: 'production', NETLIFY_LOCAL: 'true' },
      'http://localhost:4321/api/v1',
    ],
    [{ EDITOR_PROXY_URL: 'http://localhost:4321/api/v1', CONTEXT: 'production', NETLIFY: 'true' }, null],
    [{ EDITOR_PROXY_URL: 'http://localhost:4321/api/v1', CONTEXT: 'deploy-preview', NETLIFY: 'true' }, null],
    [{ EDITOR_PROXY_URL: 'http://proxy.example.com/api/v1' }, null],
    [{ EDITOR_PROXY_URL: 'not a url' }, null],
  ])('honours EDITOR_PROXY_URL only on loopback, never in a build on Netlify: %o', (env, url) => {
    expect(editor(env).localProxyUrl).toBe(url);
  });
});
