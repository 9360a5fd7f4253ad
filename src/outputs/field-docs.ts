// The parts of the repository's documents that say what each product field is, written from the
// schema and its field metadata (src/catalog/schema.ts): CONTRIBUTING's tables of fields and of
// `npm run new-product`'s arguments, and the reference's table of what search finds
// (docs/reference.md). Unit tests keep the documents' copies equal to these (`npm run docs:sections`
// writes them), as with the error-code table.
import { fieldKind, mustBeGiven } from '../catalog/field-kinds.ts';
import { yamlValue } from '../catalog/product-file.ts';
import {
  ADMIN_SEARCH_FIELDS,
  FIELDS,
  keysInWords,
  SITE_SEARCH_FIELDS,
  type Field,
  type FieldKey,
} from '../catalog/schema.ts';

const code = (s: string) => `\`${s}\``;
const options = (values: readonly string[]) => values.map(code).join(', ');

/** How the field is written in a product file: an example line, and what the file may hold instead. */
function inTheFile(f: Field): string {
  if (f.key === 'description') return 'the text below the closing `---` (nothing there when it is empty)';
  const kind = fieldKind(f);
  // An example that is empty shows a choice's first option instead.
  const example = f.meta.example === null && kind.value.type === 'choice' ? kind.value.options[0] : f.meta.example;
  const parts = example === null ? [] : [code(`${f.key}: ${yamlValue(f.key, example)}`)];
  if (kind.value.type === 'choice') parts.push(`one of ${options(kind.value.options)}`);
  if (kind.value.type === 'choices') parts.push(`one or more of ${options(kind.value.options)}, in square brackets`);
  if (kind.value.type === 'texts') parts.push('one or more, in square brackets, separated by commas');
  if (kind.value.type === 'boolean') parts.push('`true` or `false`, no quotes');
  if (f.meta.multiline) parts.push('line breaks and tabs allowed');
  if (kind.nullable) parts.push(`${code(`${f.key}: null`)} when empty`);
  if (kind.optional) parts.push('leave the line out when unset');
  return parts.join('; ');
}

/** CONTRIBUTING's table of the fields of a product file, in the schema's order. */
export function fieldTable(): string {
  const rows = FIELDS.map((f) => `| ${code(f.key)} | ${f.meta.guide} | ${inTheFile(f)} |`);
  return ['| field | what to write | in the file |', '|---|---|---|', ...rows].join('\n');
}

/** How `npm run new-product` takes the field's argument. */
function howGiven(f: Field): string {
  const kind = fieldKind(f);
  const parts = [mustBeGiven(f) ? 'required' : kind.value.type === 'boolean' ? 'a switch' : 'optional'];
  if (f.meta.input === 'slug')
    parts.push('made from the name when left out; give one only when that is taken or unhelpful');
  if (f.meta.input === 'price') parts.push('as the shop shows it (`39.99`); the file keeps minor units (`3999`)');
  if (kind.value.type === 'choice') parts.push(`one of ${options(kind.value.options)}`);
  if (kind.value.type === 'choices' || kind.value.type === 'texts') parts.push('comma-separated');
  if (f.meta.cli.off) parts.push(`\`--${f.meta.cli.off}\` sets it to \`false\``);
  if (f.meta.cli.prompt) parts.push('asked in a terminal when missing');
  return parts.join('; ');
}

/** CONTRIBUTING's table of `npm run new-product`'s arguments, one per field, in the schema's order. */
export function newProductArgumentsTable(): string {
  const rows = FIELDS.map((f) => {
    const flags = [f.meta.cli.flag, ...(f.meta.cli.off ? [f.meta.cli.off] : [])].map((x) => code(`--${x}`));
    return `| ${flags.join(', ')} | ${code(f.key)} | ${howGiven(f)} |`;
  });
  return ['| argument | field | how |', '|---|---|---|', ...rows].join('\n');
}

const searchRow = (search: string, who: string, keys: readonly FieldKey[]) =>
  `| ${search} | ${who} | ${keysInWords(keys)} |`;

/** The reference's table of what each search finds, from the fields' `siteSearch` and `adminSearch` flags. */
export function searchFieldsTable(): string {
  return [
    '| search | over | finds the words of |',
    '|---|---|---|',
    searchRow('the site search (`/search`, Pagefind; its index is public)', 'published products', SITE_SEARCH_FIELDS),
    searchRow('the admin search (`search_products`, its `query`)', 'every product file', ADMIN_SEARCH_FIELDS),
  ].join('\n');
}
