// The browser editor's configuration (Decap CMS), served at /admin/config.yml, the CMS's own
// convention. Every field of a product file becomes a field of the form, with its widget, label,
// hint and required flag derived from the schema and its field metadata (src/catalog/schema.ts):
// nothing here lists a Product field. The widgets named `product-*` are registered by the editor's
// own code (src/editor/), which validates every value with the same zod schema as the build.
import { stringify } from 'yaml';
import { CATEGORIES, CURATORS } from '../config/site.ts';
import { fieldKind } from '../catalog/field-kinds.ts';
import { PRODUCT_IMAGES_DIR } from '../catalog/images.ts';
import { PRODUCTS_DIR } from '../catalog/load.ts';
import { FIELDS, type Field } from '../catalog/schema.ts';
import { PRODUCT_IMAGES_PATH } from '../catalog/urls.ts';
import { COLLECTION_WORDS, EDITOR_LOCALE, FIELD_WORDS } from './editor-words.ts';
import { EDITOR_COLLECTION, ENTRY_MEDIA_LIBRARY, localEditorBranch, PRODUCT_FORMAT } from './editor-names.ts';

/** The branch every save is proposed against (the repository's default branch). */
export const EDITOR_BASE_BRANCH = 'main';

export interface EditorBackend {
  /** The GitHub repository the deployed editor writes to (`owner/name`), or null when none is known. */
  repository: string | null;
  /** The local proxy's API address (`npm start` runs it), or null: a deployed site never has one. */
  localProxyUrl: string | null;
}

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
      return { widget: 'product-select', options: value.options.map(option) };
    case 'choices':
      return { widget: 'product-select', multiple: true, options: value.options.map(option) };
    case 'texts':
      return { widget: 'product-list' };
    case 'boolean':
      return { widget: 'product-boolean' };
    case 'number':
      return { widget: 'product-number', value_type: 'int' };
    case 'date-time':
      return { widget: 'product-datetime', format: 'YYYY-MM-DDTHH:mm:ssZ' };
  }
}

/** A choice as the form shows it: a category's or curator's name (the file keeps the code). */
function option(value: string): { label: string; value: string } {
  const category = CATEGORIES[value as keyof typeof CATEGORIES];
  const curator = CURATORS[value as keyof typeof CURATORS];
  const label = category ? category.label : curator ? curator.name : value;
  return { label, value };
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
  const { repository, localProxyUrl } = opts.backend;
  return {
    // Deployed: Decap's GitHub backend, signed in through Netlify's OAuth provider for GitHub
    // (DEPLOY.md). Every save is a branch and a pull request against the base branch.
    backend: {
      name: 'github',
      repo: repository ?? 'not-configured/set-GITHUB_REPOSITORY',
      // The local proxy's base is its own worktree's branch (scripts/lib/editor-proxy.ts).
      branch: localProxyUrl ? localEditorBranch(opts.base) : EDITOR_BASE_BRANCH,
      commit_messages: {
        create: 'Add {{slug}} (from the browser editor)',
        update: 'Edit {{slug}} (from the browser editor)',
        delete: 'Delete {{slug}} (from the browser editor)',
        uploadMedia: 'Add picture {{path}} (from the browser editor)',
        deleteMedia: 'Remove picture {{path}} (from the browser editor)',
      },
    },
    // `npm start` only: Decap's local proxy on loopback (scripts/editor-proxy.ts) in a worktree of its own.
    ...(localProxyUrl ? { local_backend: { url: localProxyUrl, allowed_hosts: ['localhost', '127.0.0.1'] } } : {}),
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
