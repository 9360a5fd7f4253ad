// The browser editor's configuration (Decap CMS), served at /admin/config.yml, the CMS's own
// convention. Every field of a product file becomes a field of the form, with its widget, label,
// hint and required flag derived from the schema and its field metadata (src/catalog/schema.ts):
// nothing here lists a Product field. The widgets named `product-*` are registered by the editor's
// own code (src/editor/), which validates every value with the same zod schema as the build. A
// second collection holds one file, the recall watch list (./editor-watch-list.ts).
import { stringify } from 'yaml';
import { fieldKind } from '../catalog/field-kinds.ts';
import { PRODUCT_IMAGES_DIR } from '../catalog/images.ts';
import { PRODUCTS_DIR } from '../catalog/content-paths.ts';
import { FIELDS, type Field } from '../catalog/schema.ts';
import { PRODUCT_IMAGES_PATH } from '../catalog/urls.ts';
import { EDITOR_CLIENT_ID, GATEWAY_PATH } from '../contract/editor.ts';
import { COLLECTION_WORDS, EDITOR_LOCALE, FIELD_WORDS, OFFER_WORDS } from './editor-words.ts';
import { EDITOR_COLLECTION, ENTRY_MEDIA_LIBRARY, PRODUCT_FORMAT } from './editor-names.ts';
import { watchListCollection } from './editor-watch-list.ts';

/** The branch the site is built from, and every save is proposed against, unless SITE_BRANCH names another. */
export const EDITOR_BASE_BRANCH = 'main';

export interface EditorBackend {
  /** The site's branch: what pull requests target and publishing merges into (SITE_BRANCH, default main). */
  branch: string;
}

/** A choice as the form shows it: the field's label for it (a category's name, a curator's name beside the code), else the code. */
const option =
  (f: Field) =>
  (value: string): { label: string; value: string } => ({ label: f.meta.choiceLabel?.(value) ?? value, value });

/** Each widget the editor registers, by what a field holds. */
function widgetOf(f: Field): Record<string, unknown> {
  if (f.meta.input === 'slug') return { widget: 'product-slug' };
  if (f.meta.input === 'price') return { widget: 'product-price' };
  if (f.meta.input === 'picture') return { widget: 'product-picture' };
  const { value } = fieldKind(f);
  switch (value.type) {
    case 'text':
      return { widget: f.meta.multiline ? 'product-text' : 'product-string' };
    case 'url':
      return { widget: 'product-string' };
    case 'choice':
      return { widget: 'product-select', options: value.options.map(option(f)) };
    case 'choices':
      return { widget: 'product-select', multiple: true, options: value.options.map(option(f)) };
    case 'texts':
      return { widget: 'product-list' };
    case 'records':
      // A list of small forms, one per item, in the glossary's words; a price typed as 24.99.
      return {
        widget: 'product-list',
        label_singular: OFFER_WORDS.item,
        summary: '{{fields.market}} {{fields.price}} {{fields.currency}}',
        fields: Object.entries(value.fields).map(([name, kind]) => ({
          name,
          label: OFFER_WORDS.labels[name as keyof typeof OFFER_WORDS.labels] ?? name,
          ...(kind.type === 'choice'
            ? {
                widget: 'select',
                options: kind.options.map((o) => ({
                  value: o,
                  label: OFFER_WORDS.markets[o as keyof typeof OFFER_WORDS.markets] ?? o,
                })),
              }
            : kind.type === 'number'
              ? { widget: 'product-price', required: false }
              : { widget: 'string' }),
        })),
      };
    case 'boolean':
      return { widget: 'product-boolean' };
    case 'number':
      return { widget: 'product-number', value_type: 'int' };
    case 'date-time':
      return { widget: 'product-datetime', format: 'YYYY-MM-DDTHH:mm:ssZ' };
  }
}

/** The form's field for one product field. */
export function editorField(f: Field): Record<string, unknown> {
  const kind = fieldKind(f);
  return {
    name: f.key,
    // The form's words are the editor's glossary's (./editor-words.ts), the schema's otherwise.
    label: FIELD_WORDS[f.key]?.label ?? f.meta.label,
    ...widgetOf(f),
    // Decap requires every field by default and then refuses to save an empty optional one.
    required: !kind.nullable && !kind.optional && kind.value.type !== 'boolean',
    ...(f.meta.initial !== undefined
      ? { default: f.meta.initial }
      : kind.value.type === 'boolean'
        ? { default: false }
        : {}),
    hint: FIELD_WORDS[f.key]?.hint ?? f.meta.guide,
  };
}

/** The fields in the form's order: the schema's, but the slug right after the name it is made from. */
const formOrder = (fields: readonly Field[]) => {
  const slug = fields.filter((f) => f.meta.input === 'slug');
  const rest = fields.filter((f) => f.meta.input !== 'slug');
  const name = rest.findIndex((f) => f.key === 'name');
  return [...rest.slice(0, name + 1), ...slug, ...rest.slice(name + 1)];
};

/** The whole configuration as an object (Decap's config.yml schema). */
export function editorConfig(opts: { base: string; backend: EditorBackend }): Record<string, unknown> {
  return {
    // Decap's git-gateway backend, signed in with PKCE through the site's own OAuth server (the
    // editor is its first-party client), writing through the site's gateway, which holds the
    // repository's credentials and enforces what a curator may do. The same on the local stack,
    // where the gateway's GitHub is a loopback stand-in (scripts/lib/local-editor.ts).
    backend: {
      name: 'git-gateway',
      branch: opts.backend.branch,
      auth_type: 'pkce',
      base_url: opts.base,
      app_id: EDITOR_CLIENT_ID,
      auth_endpoint: 'api/auth/authorize',
      auth_token_endpoint: 'api/auth/token',
      auth_token_endpoint_content_type: 'application/x-www-form-urlencoded; charset=utf-8',
      gateway_url: `${opts.base}${GATEWAY_PATH}`,
      // Decap asks netlifystatus.com by default; the gateway answers for itself.
      status_endpoint: `${opts.base}${GATEWAY_PATH}/status`,
      commit_messages: {
        create: 'Add {{slug}} (from the browser editor)',
        update: 'Edit {{slug}} (from the browser editor)',
        delete: 'Delete {{slug}} (from the browser editor)',
        uploadMedia: 'Add picture {{path}} (from the browser editor)',
        deleteMedia: 'Remove picture {{path}} (from the browser editor)',
      },
    },
    // The editor's words (./editor-words.ts), registered by src/editor/main.ts over Decap's English.
    locale: EDITOR_LOCALE,
    publish_mode: 'editorial_workflow',
    site_url: opts.base,
    display_url: opts.base,
    // Uploads go in the product's own branch, from its form; the global Media page (which commits
    // straight to the base branch) is switched off by this library (src/editor/media.ts).
    media_library: { name: ENTRY_MEDIA_LIBRARY },
    media_folder: PRODUCT_IMAGES_DIR,
    public_folder: PRODUCT_IMAGES_PATH.replace(/\/$/, ''),
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: [
      {
        name: EDITOR_COLLECTION,
        label: COLLECTION_WORDS.label,
        label_singular: COLLECTION_WORDS.singular,
        description: COLLECTION_WORDS.description,
        folder: PRODUCTS_DIR,
        extension: 'md',
        format: PRODUCT_FORMAT,
        create: true,
        // Deleting a published entry commits straight to the base branch: unpublish instead.
        delete: false,
        identifier_field: 'name',
        // The file is named by the slug field, which is made from the name once (src/editor/widgets.ts).
        slug: '{{fields.slug}}',
        summary: '{{name}} · {{brand}}',
        sortable_fields: ['name', 'brand'],
        editor: { preview: true },
        fields: formOrder(FIELDS).map(editorField),
      },
      // The recall watcher's aliases and dismissals (content/recall-watch.yml), one file.
      watchListCollection(),
    ],
  };
}

/** /admin/config.yml. */
export function editorConfigYaml(opts: { base: string; backend: EditorBackend }): string {
  return (
    '# The browser editor (Decap CMS) at /admin. Generated by the build from the product schema\n' +
    '# (src/catalog/schema.ts) by src/outputs/editor-config.ts: do not edit by hand.\n' +
    stringify(editorConfig(opts), { lineWidth: 0 })
  );
}
