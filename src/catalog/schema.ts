// The one Product schema. Every output (content collection, JSON, OpenAPI, MCP tools, validator)
// imports it; nothing else writes the Product fields down.
import { z } from 'zod';
import { CATEGORY_SLUGS, CURATOR_CODES, CURRENCIES } from '../config/site.ts';
import { parseAgeRange } from './ages.ts';
import { SLUG_MAX, SLUG_PATTERN } from './slug.ts';
import { LOCAL_IMAGE_PATH } from './urls.ts';

/** How to fix a field, shown by the validator. Kept out of the OpenAPI document on purpose. */
export const fixes = z.registry<{ fix: string }>();

export { SLUG_MAX, SLUG_PATTERN };

export const Slug = z
  .string()
  .min(1)
  .max(SLUG_MAX)
  .regex(SLUG_PATTERN, 'must be lowercase kebab-case: letters a–z, digits and single hyphens')
  // "/products/2" is page 2 of the product list, so a slug of digits alone could never be reached.
  .refine(
    (s) => /[a-z]/.test(s),
    'must contain at least one letter: a slug of digits alone reads as a page number (/products/2)',
  )
  .describe(
    'URL slug, lowercase kebab-case with at least one letter, 1–200 ' +
      'characters. The key of `/api/products/{slug}` and `/products/{slug}`.',
  )
  .register(fixes, {
    fix:
      'Use the file name without ".md", with at least one letter, e.g. `slug: wooden-rainbow-stacker` ' +
      'in wooden-rainbow-stacker.md (rename a file such as 2024.md to e.g. set-2024.md).',
  });

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

/** The 13 public fields, exactly as the contract lists them. No additional properties. */
export const Product = z
  .object({
    slug: Slug,
    name: text(200).describe('Product name.').register(fixes, { fix: 'Write the product name as the maker sells it.' }),
    brand: text(120)
      .describe('Brand or maker.')
      .register(fixes, { fix: 'Write the brand or maker, e.g. `brand: HABA`.' }),
    description: text(5000)
      .nullable()
      .describe(
        'What the product is, in plain words. Null when not written. In a product file this is the Markdown body.',
      )
      .register(fixes, { fix: 'Write the description as the body of the file, below the closing `---`.' }),
    ageRange: text(60)
      .nullable()
      .describe('Human-readable age range such as "0–12 months", "3–6 years" or "8+ years". Null when not stated.')
      .register(fixes, {
        fix: 'Write it like "6–18 months", "3–6 years", "8+ years" or "13+", or `null` when unknown.',
      }),
    categories: z
      .array(z.enum(CATEGORY_SLUGS))
      .min(1, 'must list at least one category')
      .refine((c) => new Set(c).size === c.length, 'must not repeat a category')
      .describe(`Category slugs, one or more of: ${CATEGORY_SLUGS.join(', ')}.`)
      .register(fixes, { fix: `List one or more of: ${CATEGORY_SLUGS.join(', ')}.` }),
    price: z
      .number()
      .int('must be a whole number of cents (minor units), e.g. 2499 for 24.99')
      .nonnegative()
      .max(100_000_000)
      .nullable()
      .describe(
        'Price in minor units of `currency` (cents): 2499 with USD means $24.99. Null when ' +
          'the product is unpriced. Indicative only: the linked shop sets the real price.',
      )
      .register(fixes, { fix: 'Write the price in cents as a whole number (24.99 → 2499), or `null` when unknown.' }),
    currency: z
      .enum(CURRENCIES)
      .describe('ISO 4217 currency code of `price`.')
      .register(fixes, { fix: `Use one of ${CURRENCIES.join(', ')} (upper case).` }),
    imageUrl: z
      .url({ protocol: /^https?$/ })
      .nullable()
      .describe('Absolute URL of a product image. Null when there is none.')
      .register(fixes, {
        fix:
          'Put the picture in content/images/products/ and write its site path, e.g. ' +
          '`/images/products/my-slug.svg`, or use an https:// URL, or `null`.',
      }),
    url: z
      .url({ protocol: /^https?$/ })
      .describe('Outbound link to the product (an affiliate link). The catalog sells nothing itself.')
      .register(fixes, { fix: 'Paste the full link including https://.' }),
    staffPick: z
      .boolean()
      .describe('True for a staff pick. A staff pick always names its curator in `pickedBy`.')
      .register(fixes, { fix: 'Write `true` or `false` (no quotes).' }),
    pickedBy: z
      .enum(CURATOR_CODES)
      .nullable()
      .describe(`Code of the curator who picked the product (${CURATOR_CODES.join(' or ')}), or null.`)
      .register(fixes, { fix: `Use one of the curator codes ${CURATOR_CODES.join(', ')}, or \`null\`.` }),
    whyWePicked: text(2000)
      .nullable()
      .describe('Editorial note: why the curators picked this product.')
      .register(fixes, {
        fix: 'Write one to three sentences on what a child does with it and why it earned its place.',
      }),
  })
  .strict()
  .describe('A published product.');
export type Product = z.infer<typeof Product>;

/** When a publish-at time can be written in frontmatter (YAML may already hand us a Date). */
const PublishAt = z
  .union([z.date(), z.iso.datetime({ offset: true })])
  .transform((v) => (v instanceof Date ? v : new Date(v)))
  .refine((d) => !Number.isNaN(d.getTime()), 'must be a valid date-time')
  .register(fixes, {
    fix: 'Write an ISO date-time with a time zone, e.g. `publishAt: 2026-12-01T09:00:00Z`, or remove the line.',
  });

/**
 * Site paths of local pictures are allowed in files (the public projection makes them absolute):
 * one file of the product images folder, which the build copies for published products only.
 */
const ImagePath = z
  .string()
  .regex(LOCAL_IMAGE_PATH, 'must be a site path /images/products/<file name> or an https:// URL')
  .nullable();

/**
 * A product file's frontmatter: every public field except `description` (the Markdown body), plus
 * `published` and the optional `publishAt`, which never reach a public output.
 */
export const ProductFrontmatter = Product.omit({ description: true })
  .extend({
    imageUrl: z
      .union([ImagePath.unwrap(), z.url({ protocol: /^https$/ })])
      .nullable()
      .register(fixes, fixes.get(Product.shape.imageUrl)!),
    ageRange: Product.shape.ageRange.refine((v) => v === null || parseAgeRange(v) !== null, {
      message: 'cannot be read as an age range',
    }),
    published: z
      .boolean()
      .describe('False keeps the product out of every public output (a draft).')
      .register(fixes, { fix: 'Write `published: true` to publish or `published: false` for a draft.' }),
    publishAt: PublishAt.optional().register(fixes, fixes.get(PublishAt)!),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.staffPick && p.pickedBy === null) {
      ctx.addIssue({ code: 'custom', path: ['pickedBy'], message: 'a staff pick must name its curator' });
    }
    // A product page's structured data is a valid product result only with an offer or a review.
    if (p.published && p.price === null && p.whyWePicked === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['whyWePicked'],
        message: 'is required when `price` is null: a published product carries a price, an editorial note, or both',
      });
    }
  });
export type ProductFrontmatter = z.infer<typeof ProductFrontmatter>;

/** A product as the catalog holds it: frontmatter plus body, with where it came from. */
export interface CatalogEntry {
  data: ProductFrontmatter;
  /** The Markdown body: the description, or null when empty. */
  description: string | null;
  /** Repository-relative path of the source file. */
  sourcePath: string;
}
