// The one way tests make products: a valid product's fields (`productData`, from the schema's
// examples, so a new field needs nothing here), the catalog entry the loader would hold (`entry`),
// the file text curators and tools write (`productFile`, through the real writer), and a few fixed
// and synthetic catalogs.
import { CATEGORY_SLUGS } from '../../src/config/site.ts';
import { serializeProductFile, type ProductFileData } from '../../src/catalog/product-file.ts';
import { field, FIELDS, ProductFrontmatter, type CatalogEntry } from '../../src/catalog/schema.ts';

export const AT = new Date('2026-06-01T12:00:00Z');

/** Overrides of any field, valid or not (tests of mistakes write invalid values on purpose). */
export type ProductOverrides = { [K in keyof ProductFileData]?: unknown };

/** Every frontmatter field the schema requires, with its example value (src/catalog/schema.ts). */
const EXAMPLE = Object.fromEntries(
  FIELDS.filter((f) => f.key !== 'description' && !f.schema.safeParse(undefined).success).map((f) => [
    f.key,
    f.meta.example,
  ]),
);

/** Every frontmatter field with its example value, the optional ones too (tests that follow each field into an output). */
export const EVERY_FIELD: ProductOverrides = Object.fromEntries(
  FIELDS.filter((f) => f.key !== 'description').map((f) => [f.key, f.meta.example]),
);

/** A valid published product's fields (the schema's examples) with `over` applied; the values are not checked. */
export function productData(over: ProductOverrides = {}): ProductFileData {
  return { ...EXAMPLE, ...over } as ProductFileData;
}

/** A catalog entry as the loader holds it (the fields pass the schema, or this throws). */
export function entry(
  over: ProductOverrides = {},
  description: string | null = field('description').meta.example as string,
): CatalogEntry {
  const data = ProductFrontmatter.parse(productData(over));
  return { data, description, sourcePath: `content/products/${data.slug}.md` };
}

/** The text of a product file, written by the project's one product-file writer. */
export const productFile = (over: ProductOverrides = {}, body: string | null = null): string =>
  serializeProductFile(productData(over), body);

/** What the sample products share, stated here because the output tests assert on these values. */
const SAMPLE_BASE = {
  brand: 'Brand',
  ageRange: '3–6 years',
  categories: ['kits'],
  price: 2499,
  currency: 'USD',
  imageUrl: null,
  url: 'https://shop.example/sample',
  whyWePicked: 'Because it is good.',
};

export const SAMPLE: CatalogEntry[] = [
  entry({
    ...SAMPLE_BASE,
    slug: 'zebra-puzzle',
    name: 'Zebra Puzzle',
    categories: ['puzzles'],
    staffPick: true,
    pickedBy: 'maya',
    publishAt: new Date('2026-01-01T00:00:00Z'),
  }),
  entry(
    {
      ...SAMPLE_BASE,
      slug: 'ant-farm',
      name: 'Ant Farm',
      categories: ['kits', 'outdoor-play'],
      price: null,
      imageUrl: '/images/products/ant.svg',
    },
    'Watch ants dig.\n\n# Care\n\nFeed them.',
  ),
  entry(
    {
      ...SAMPLE_BASE,
      slug: 'moon-book',
      name: 'Goodnight "Moon" & Co',
      categories: ['books'],
      ageRange: '0–3 years',
      staffPick: true,
      pickedBy: 'theo',
      whyWePicked: null,
    },
    null,
  ),
  entry({
    ...SAMPLE_BASE,
    slug: 'secret-draft',
    name: 'Quokka Secret Draft',
    published: false,
  }),
  entry({
    ...SAMPLE_BASE,
    slug: 'later-kit',
    name: 'Xylo Later Kit',
    publishAt: new Date('2099-01-01T00:00:00Z'),
  }),
];

/** `n` valid published entries with long names and notes, 10% staff picks. */
export function synthetic(n: number): CatalogEntry[] {
  return Array.from({ length: n }, (_, i) =>
    entry(
      {
        slug: `synthetic-product-with-a-long-descriptive-slug-${i}`,
        name: `Synthetic Wooden Construction Set With A Long Name Number ${i}`.padEnd(150, 'x'),
        brand: `Brand ${i % 50}`,
        categories: [CATEGORY_SLUGS[i % CATEGORY_SLUGS.length]!],
        staffPick: i % 10 === 0,
        pickedBy: i % 10 === 0 ? 'theo' : null,
        whyWePicked: 'Children keep coming back to it. '.repeat(10).trim(),
      },
      'A long description. '.repeat(20).trim(),
    ),
  );
}
