// The browser editor's configuration (/admin/config.yml) is derived from the product schema: every
// field of a product file is a field of the form, with the widget, label, hint, required flag and
// choices the schema and its metadata say, and nothing that would commit straight to the base branch.
import { HAZARDS } from '../../src/catalog/hazards.ts';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AGE_RANGE_EXAMPLES, parseAgeRange } from '../../src/catalog/ages.ts';
import { PRODUCT_IMAGES_DIR } from '../../src/catalog/images.ts';
import { PRODUCTS_DIR } from '../../src/catalog/content-paths.ts';
import { FIELDS, ProductFrontmatter, field } from '../../src/catalog/schema.ts';
import {
  CATEGORIES,
  CATEGORY_SLUGS,
  CURATORS,
  CURATOR_CODES,
  CURRENCIES,
  PHOTO_RULES,
  PHOTOS,
} from '../../src/config/site.ts';
import { readSettings } from '../../src/config/env.ts';
import { editorConfig, editorConfigYaml } from '../../src/outputs/editor-config.ts';
import { COLLECTION_WORDS, EDITOR_LOCALE, FIELD_WORDS } from '../../src/outputs/editor-words.ts';
import { WIDGET_NAMES } from '../../src/editor/widgets.ts';

const BASE = 'https://catalog.example';
const deployed = editorConfig({ base: BASE, backend: { branch: 'main' } });
const local = editorConfig({ base: 'http://localhost:8888', backend: { branch: 'cms-base/8888' } });
type Field = {
  name: string;
  label: string;
  widget: string;
  required: boolean;
  hint: string;
  options?: { label: string; value: string }[];
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

  it('offers the safety warnings as a multiple choice by their names, and the barcodes as a list', () => {
    expect(byName('warnings')).toMatchObject({ widget: 'product-select', multiple: true, required: false });
    expect(byName('warnings').options).toEqual(HAZARDS.map((h) => ({ label: h.label, value: h.id })));
    expect(byName('barcodes')).toMatchObject({ widget: 'product-list', required: false });
    expect(byName('noWarningNeeded')).toMatchObject({ widget: 'product-string', required: false });
  });

  it('labels each field’s choices by that field’s own labels (a code another list also has is not looked up there)', () => {
    expect(byName('categories').options!.map((o) => o.label)).toEqual(CATEGORY_SLUGS.map((c) => CATEGORIES[c].label));
    // A curator by her name alone: the code is the file's, not the form's (the editor's plain words).
    expect(byName('pickedBy').options!.map((o) => o.label)).toEqual(CURATOR_CODES.map((c) => CURATORS[c].name));
    expect(byName('currency').options!.map((o) => o.label)).toEqual([...CURRENCIES]);
    // Every choice field, a new one included: the label its metadata gives, else the code itself.
    for (const f of FIELDS) {
      const options = byName(f.key).options;
      if (!options) continue;
      expect(options.map((o) => o.label)).toEqual(options.map((o) => f.meta.choiceLabel?.(o.value) ?? o.value));
    }
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

  it('signs in with PKCE through the site’s own OAuth server, as its first-party client, and writes through the site’s gateway', () => {
    expect(deployed.backend).toEqual({
      name: 'git-gateway',
      branch: 'main',
      auth_type: 'pkce',
      base_url: BASE,
      app_id: 'catalog-editor',
      auth_endpoint: 'api/auth/authorize',
      auth_token_endpoint: 'api/auth/token',
      auth_token_endpoint_content_type: 'application/x-www-form-urlencoded; charset=utf-8',
      gateway_url: `${BASE}/api/git`,
      status_endpoint: `${BASE}/api/git/status`,
      commit_messages: expect.any(Object),
    });
    // Nothing names GitHub, Netlify's status page, or a local proxy.
    expect(JSON.stringify(deployed)).not.toMatch(/github\.com|netlifystatus|local_backend/);
  });

  it('proposes against the stack’s own site branch on the local stack, through the same gateway', () => {
    expect(local.backend).toMatchObject({
      name: 'git-gateway',
      branch: 'cms-base/8888',
      gateway_url: 'http://localhost:8888/api/git',
    });
  });

  it('is served as YAML that reads back as the same configuration', () => {
    const text = editorConfigYaml({ base: BASE, backend: { branch: 'main' } });
    expect(text.startsWith('# The browser editor')).toBe(true);
    expect(parse(text)).toEqual(deployed);
  });
});

describe('the site’s branch', () => {
  const editor = (env: Record<string, string>) => readSettings(env).build.editor;
  it('is main unless SITE_BRANCH names another', () => {
    expect(editor({}).branch).toBe('main');
    expect(editor({ SITE_BRANCH: 'cms-base/8888' }).branch).toBe('cms-base/8888');
  });

  it.each(['..', 'a..b', '-main', 'main.', 'a//b', 'ref@{1}', 'main branch', 'x'.repeat(201)])(
    'refuses %j, naming SITE_BRANCH',
    (name) => {
      expect(() => editor({ SITE_BRANCH: name })).toThrow(/SITE_BRANCH/);
    },
  );
});
