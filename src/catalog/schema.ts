// The one Product schema, each field with what the rest of the project needs to know about it
// (FieldMeta). Every output (content collection, JSON, OpenAPI, MCP tools, validator, new-product)
// imports it; nothing else writes the Product fields down.
import { z } from 'zod';
import {
  CATEGORIES,
  CATEGORY_SLUGS,
  CURATORS,
  CURATOR_CODES,
  CURRENCIES,
  PHOTO_RULES,
  PHOTOS,
} from '../config/site.ts';
import { AGE_RANGE_EXAMPLES, parseAgeRange } from './ages.ts';
import { gtinProblem, toGtin14 } from './gtin.ts';
import { HAZARD_IDS, HAZARDS, hazard, type HazardId } from './hazards.ts';
import { MARKET_CURRENCIES, MARKET_IDS, MARKETS, market, marketOfCurrency, type MarketId } from './markets.ts';
import { toMinorUnits } from './money.ts';
import { SLUG_MAX, SLUG_PATTERN } from './slug.ts';
import { IMAGE_CDN_PATH, LOCAL_IMAGE_PATH } from './urls.ts';
import { formatCount } from './count.ts';

/**
 * What the rest of the project needs to know about a field, beside its type and description
 * (`.describe()`, which reaches OpenAPI and the MCP tools). Kept out of the OpenAPI document on
 * purpose. Every field of a product file carries it; test/unit/fields.test.ts checks each list
 * derived from it (the public projection, the admin view, the new-product options, the tools'
 * inputs, the browser editor's form, the admin index, the search texts, the test factory) covers
 * every field, and test/unit/doc-sections.test.ts that the documents' tables of fields are current.
 */
export interface FieldMeta {
  /** The field's name for people: the browser editor's label. */
  label: string;
  /**
   * What to write, for a curator: the one guide text of the field (CONTRIBUTING's table of fields,
   * the browser editor's hint beside the input). Plain text with `code` spans.
   */
  guide: string;
  /** How to fix a wrong value: the validator's advice, also for `npm run new-product` and the tools. */
  fix: string;
  /**
   * How a person enters the value when its type alone does not say it: `slug` is made from the name
   * once and never changes, `price` is typed in major units (24.99) and kept in minor units, and
   * `picture` is a file uploaded beside the product file.
   */
  input?: 'slug' | 'price' | 'picture';
  /** The value a new product starts with when a person adds one (`npm run new-product`, the editor), when not the empty one. */
  initial?: unknown;
  /** A typical value as a product file holds it: the test factory's default and the prompts' example. */
  example: unknown;
  /**
   * A choice field's option as a person reads it (the browser editor's choices), when not the code
   * itself: a category's name, a curator's name beside the code.
   */
  choiceLabel?: (value: string) => string;
  /**
   * `npm run new-product`'s option for the field (`--flag`, `--off` for a boolean's negation) and,
   * when it is asked for in a terminal, the question. `read` turns the typed text into the value
   * when the type alone does not say how (a price typed as 24.99 is 2499 cents).
   */
  cli: { flag: string; off?: string; prompt?: string; read?: (text: string) => unknown };
  /**
   * The field's text may run over several lines: it keeps line feeds and tabs (its CR LF and lone
   * CR line ends are read as line feeds). Every other text field is one line and refuses them
   * (`text()` and `plainText()` below). The browser editor chooses a text area by it.
   */
  multiline?: true;
  /**
   * The site's search (the public Pagefind index, src/outputs/search-records.ts) finds the words of
   * this field. The index is public, so only a field the product page shows may carry it
   * (test/integration/product-page-fields.test.ts builds a page and checks).
   */
  siteSearch?: true;
  /** The admin search (`search_products`' text query, the admin catalog's search text) finds the words of this field. */
  adminSearch?: true;
  /** The admin catalog keeps the field in its index: the tools filter and count on it without reading records. */
  indexed?: true;
  /**
   * The field's schema where a JSON value stands for it (tool inputs), when the file's cannot: a
   * zod schema, behind a function because zod's registry types cannot hold one (`jsonSchemaOf`).
   */
  json?: () => unknown;
}

/** Each field's FieldMeta, by schema (zod registries are keyed by the schema instance). */
export const fieldMeta = z.registry<FieldMeta>();

export { SLUG_MAX, SLUG_PATTERN };

export const Slug = z
  .string()
  .min(1)
  .max(SLUG_MAX)
  .regex(
    SLUG_PATTERN,
    'must be lowercase kebab-case with at least one letter: letters a–z, digits and single hyphens ' +
      '(a slug of digits alone reads as a page number, /products/2)',
  )
  .describe(
    'URL slug, lowercase kebab-case with at least one letter, 1–200 ' +
      'characters. The key of `/api/products/{slug}` and `/products/{slug}`.',
  )
  .register(fieldMeta, {
    label: 'Address (slug)',
    guide:
      "The file name without `.md`: lowercase letters, digits and single hyphens, at most 200 characters. It is the product's address (`/products/<slug>`), made from the name when the product is added: never change it once published, links to it would break.",
    input: 'slug',
    fix:
      'Use the file name without ".md", with at least one letter, e.g. `slug: wooden-rainbow-stacker` ' +
      'in wooden-rainbow-stacker.md (rename a file such as 2024.md to e.g. set-2024.md).',
    example: 'wooden-rainbow-stacker',
    cli: { flag: 'slug' },
  });

/**
 * What no product text holds: the C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F; a
 * line feed and a tab only in a multi-line field) and the bidirectional overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which make a text, and a diff of it, read otherwise than it is
 * stored. A carriage return is a control character too: a multi-line field reads CR LF and a lone
 * CR as a line feed first (as the front matter's YAML does), so a file saved with CR LF line ends
 * passes, and a one-line field refuses it with the line feed.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu;

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `c` is refused: the character by its code point (and, for a line break or a tab, the rule). */
function hiddenCharacterMessage(c: string): string {
  const kind = c >= '\u202a' ? 'bidirectional control character' : 'control character';
  const rule =
    c === '\n' || c === '\r'
      ? ' (a line break: this field is one line)'
      : c === '\t'
        ? ' (a tab: this field is one line)'
        : '';
  return `must not contain the ${kind} ${codePoint(c)}${rule}`;
}

/**
 * The character rule as a zod check: the first refused character of the text is the issue (which
 * stops the field's other checks, so a long text with one is told about the character).
 */
const plainText =
  (multiline: boolean) =>
  (s: string, ctx: z.RefinementCtx<string>): void => {
    for (const [c] of s.matchAll(HIDDEN)) {
      if (multiline && (c === '\n' || c === '\t')) continue;
      ctx.addIssue({ code: 'custom', message: hiddenCharacterMessage(c), params: { character: c }, continue: false });
      return;
    }
  };

/** The character a schema issue of the character rule refuses, or null for any other issue (the validator gives it its own fix). */
export const hiddenCharacterOf = (issue: z.core.$ZodIssue): string | null =>
  issue.code === 'custom' && typeof issue.params?.character === 'string' ? issue.params.character : null;

/**
 * An http(s) address in plain characters. The character rule runs before the URL check, which
 * would otherwise delete tabs and line breaks from the value (as the URL parser does) instead of
 * refusing them.
 */
const webAddress = (protocol: RegExp) => z.string().superRefine(plainText(false)).check(z.url({ protocol }));

/** A text field: trimmed, not empty, at most `max` characters, in plain characters (see HIDDEN). */
const text = (max: number, lines: 'one line' | 'multiline' = 'one line') => {
  const trimmed = z.string().trim();
  return (lines === 'multiline' ? trimmed.overwrite((s) => s.replace(/\r\n?/g, '\n')) : trimmed)
    .superRefine(plainText(lines === 'multiline'))
    .min(1, 'must not be empty')
    .max(max, `must be at most ${formatCount(max)} characters long`);
};

/** The longest description (a product file's body), in characters. */
export const DESCRIPTION_MAX = 5000;

/** The public fields, exactly as the contract lists them, in its order. No additional properties. */
export const Product = z
  .object({
    slug: Slug,
    name: text(200)
      .describe('Product name.')
      .register(fieldMeta, {
        label: 'Name',
        guide: "The product's name as the maker sells it.",
        fix: 'Write the product name as the maker sells it.',
        example: 'Wooden Rainbow Stacker',
        cli: { flag: 'name', prompt: 'Product name' },
        siteSearch: true,
        adminSearch: true,
      }),
    brand: text(120)
      .describe('Brand or maker.')
      .register(fieldMeta, {
        label: 'Brand',
        guide: 'The brand or maker.',
        fix: 'Write the brand or maker, e.g. `brand: HABA`.',
        example: 'Grimm’s',
        cli: { flag: 'brand', prompt: 'Brand or maker' },
        siteSearch: true,
        adminSearch: true,
      }),
    description: text(DESCRIPTION_MAX, 'multiline')
      .nullable()
      .describe(
        'What the product is, in plain words. Null when not written. In a product file this is the Markdown body.',
      )
      .register(fieldMeta, {
        label: 'Description',
        guide:
          'What the product is, in plain words: what is in the box, materials, size. It is the text below the closing `---` of the file, and may use paragraphs, lists, emphasis, links and `##` headings. Leave it empty when the note says it all.',
        fix: 'Write the description as the body of the file, below the closing `---`.',
        example: 'Twelve wooden arches that nest into a rainbow.',
        cli: { flag: 'description' },
        multiline: true,
        siteSearch: true,
        adminSearch: true,
      }),
    ageRange: text(60)
      .nullable()
      .describe('Human-readable age range such as "0–12 months", "3–6 years" or "8+ years". Null when not stated.')
      .register(fieldMeta, {
        label: 'Ages',
        guide: `The age range the maker gives, in a form the site can read, such as ${AGE_RANGE_EXAMPLES.map((a) => `\`${a}\``).join(', ')}. Leave it empty when the maker gives no age.`,
        fix: 'Write it like "6–18 months", "3–6 years", "8+ years" or "13+", or `null` when unknown.',
        example: '12 months–6 years',
        cli: { flag: 'ages', prompt: 'Ages, e.g. "3–6 years", "6–18 months", "8+" (optional)' },
        indexed: true,
        siteSearch: true,
      }),
    categories: z
      .array(z.enum(CATEGORY_SLUGS))
      .min(1, 'must list at least one category')
      .refine((c) => new Set(c).size === c.length, 'must not repeat a category')
      .describe(`Category slugs, one or more of: ${CATEGORY_SLUGS.join(', ')}.`)
      .register(fieldMeta, {
        label: 'Categories',
        guide: 'One or more categories, the one or two a parent would look under.',
        fix: `List one or more of: ${CATEGORY_SLUGS.join(', ')}.`,
        example: ['educational-toys'],
        cli: { flag: 'categories', prompt: `Categories, comma-separated: ${CATEGORY_SLUGS.join(', ')}` },
        choiceLabel: (c) => CATEGORIES[c as keyof typeof CATEGORIES].label,
        indexed: true,
        siteSearch: true,
      }),
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
      .register(fieldMeta, {
        label: 'Price',
        guide:
          'The price as the shop shows it, e.g. `24.99`; the file keeps it in cents (`2499`). Leave it empty when the price is not listed. It is indicative: the shop sets the real price.',
        input: 'price',
        fix: 'Write the price in cents as a whole number (24.99 → 2499), or `null` when unknown.',
        example: 8950,
        cli: { flag: 'price', prompt: 'Price, e.g. 24.99 (optional)', read: toMinorUnits },
        indexed: true,
      }),
    currency: z
      .enum(CURRENCIES)
      .describe('ISO 4217 currency code of `price`.')
      .register(fieldMeta, {
        label: 'Currency',
        guide: 'The currency of the price (even when the price is empty).',
        fix: `Use one of ${CURRENCIES.join(', ')} (upper case).`,
        example: 'EUR',
        cli: { flag: 'currency', prompt: `Currency: ${CURRENCIES.join(', ')}`, read: (s) => s.toUpperCase() },
        indexed: true,
      }),
    imageUrl: webAddress(/^https?$/)
      .nullable()
      .describe(
        "Absolute URL of the product's original picture: an SVG drawing, or a photo (JPEG, PNG, WebP or " +
          'AVIF) that may be several megabytes. The pages show photos resized by the Image CDN ' +
          `(\`${IMAGE_CDN_PATH}?url=<picture>&w=<width>&fm=avif\`); clients may ask it the same way. ` +
          'Null when there is none.',
      )
      .register(fieldMeta, {
        label: 'Picture',
        guide: `A photo (${PHOTO_RULES}) or an SVG drawing in \`content/images/products/\`, written as its site path \`/images/products/<file>\`, or an \`https://\` address on an allowed image host. Use your own photo or one the maker allows. Leave it empty for no picture.`,
        input: 'picture',
        fix:
          'Put the picture in content/images/products/ and write its site path, e.g. ' +
          '`/images/products/my-slug.jpg`, or link a photo on ' +
          `${PHOTOS.remoteHosts.join(', ')} (the hosts src/config/site.ts allows), or write \`null\`.`,
        example: '/images/products/wooden-rainbow-stacker.svg',
        cli: { flag: 'image' },
      }),
    url: webAddress(/^https?$/)
      .describe('Outbound link to the product (an affiliate link). The catalog sells nothing itself.')
      .register(fieldMeta, {
        label: 'Shop link',
        guide: 'The full link to the product, including `https://`. It is shown as an affiliate link.',
        fix: 'Paste the full link including https://.',
        example: 'https://shop.example.com/grimms/rainbow-stacker?ref=littlehands',
        cli: { flag: 'url', prompt: 'Link to the product (https://…)' },
      }),
    staffPick: z
      .boolean()
      .describe('True for a staff pick. A staff pick always names its curator in `pickedBy`.')
      .register(fieldMeta, {
        label: 'Staff pick',
        guide: "A staff pick is shown with its curator's name. A staff pick always names its curator.",
        fix: 'Write `true` or `false` (no quotes).',
        example: false,
        cli: { flag: 'staff-pick', prompt: 'Staff pick?' },
        indexed: true,
      }),
    pickedBy: z
      .enum(CURATOR_CODES)
      .nullable()
      .describe(`Code of the curator who picked the product (${CURATOR_CODES.join(' or ')}), or null.`)
      .register(fieldMeta, {
        label: 'Picked by',
        guide: 'Your curator code. A staff pick always names its curator; otherwise it may be empty.',
        fix: `Use one of the curator codes ${CURATOR_CODES.join(', ')}, or \`null\`.`,
        example: null,
        cli: { flag: 'picked-by', prompt: `Picked by: ${CURATOR_CODES.join(', ')} (required for a staff pick)` },
        choiceLabel: (c) => CURATORS[c as keyof typeof CURATORS].name,
        indexed: true,
      }),
    whyWePicked: text(2000, 'multiline')
      .nullable()
      .describe('Editorial note: why the curators picked this product.')
      .register(fieldMeta, {
        label: 'Why we picked it',
        guide:
          'The editorial note: one to three sentences on what a child does with it and why it earned its place. Required for a published product without a price.',
        fix: 'Write one to three sentences on what a child does with it and why it earned its place.',
        example: 'Twelve arches that become a tunnel, a cradle or a bridge.',
        cli: { flag: 'why' },
        multiline: true,
        siteSearch: true,
        adminSearch: true,
      }),
  })
  .strict()
  .describe('A published product.');
export type Product = z.infer<typeof Product>;

/** One offer in another market (`otherMarkets`' items): the public price and url rules, in that market's own currency. */
export const OtherOffer = z
  .object({
    market: z.enum(MARKET_IDS).describe(`Where it is sold: ${MARKET_IDS.join(', ')}.`),
    price: Product.shape.price,
    currency: z.enum(MARKET_CURRENCIES).describe("ISO 4217 code of `price`: the market's own currency."),
    url: Product.shape.url,
  })
  .strict()
  .superRefine((o, ctx) => {
    const own = market(o.market).currency;
    if (o.currency !== own)
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        message: `is ${o.currency}, but ${market(o.market).name} pays in ${own}`,
      });
  });

/** "uk 19.99 https://…; eu 21.50 https://…" (`npm run new-product`): each market with its price and link, in its own money. */
function readOtherMarkets(text: string): unknown[] {
  return text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item) => {
      const [id = '', price = '', url = ''] = item.split(/\s+/);
      const m = MARKETS.find((x) => x.id === id.toLowerCase());
      if (!m) throw new Error(`"${id}" is not a market: write one of ${MARKET_IDS.join(', ')}`);
      return { market: m.id as MarketId, price: toMinorUnits(price), currency: m.currency, url };
    });
}

/** When a publish-at time can be written in frontmatter (YAML may already hand us a Date). */
const PublishAt = z
  .union([z.date(), z.iso.datetime({ offset: true })])
  .transform((v) => (v instanceof Date ? v : new Date(v)))
  .refine((d) => !Number.isNaN(d.getTime()), 'must be a valid date-time')
  .register(fieldMeta, {
    label: 'Publish at',
    guide:
      'Optional: a date-time with its time zone (e.g. `2026-12-01T09:00:00Z`); the product stays out of the site until the first rebuild after it.',
    fix: 'Write an ISO date-time with a time zone, e.g. `publishAt: 2026-12-01T09:00:00Z`, or remove the line.',
    example: new Date('2026-12-01T09:00:00Z'),
    cli: { flag: 'publish-at' },
    json: () =>
      z.iso.datetime({ offset: true }).describe('Go live at this time (RFC 3339 with offset) once published.'),
  });

/** The warnings whose words say "Not for children under 3 yrs.": what a toy for children under 3 may not contain. */
const UNDER_3_BANNED: readonly HazardId[] = ['small-parts', 'small-balls', 'marbles'];

/** Site paths are allowed for images in files; the public projection makes them absolute. */
const ImagePath = z
  .string()
  .regex(LOCAL_IMAGE_PATH, 'must be a site path /images/products/<file name> or an https:// URL')
  .nullable();

/** The same field in another schema, with the same metadata. */
function sameField<T extends z.ZodType>(schema: T, from: z.ZodType): T {
  fieldMeta.add(schema, fieldMeta.get(from)!);
  return schema;
}

/**
 * A product file's frontmatter: every public field except `description` (the Markdown body), plus
 * `published` and the optional `publishAt`, which never reach a public output.
 */
export const ProductFrontmatter = Product.omit({ description: true })
  .extend({
    imageUrl: sameField(
      z
        .union([
          ImagePath.unwrap(),
          webAddress(/^https$/).refine(
            (u) => URL.canParse(u) && (PHOTOS.remoteHosts as readonly string[]).includes(new URL(u).hostname),
            `must be a local picture (/images/products/<file>) or an https:// URL on ${PHOTOS.remoteHosts.join(', ')}`,
          ),
        ])
        // Again after the union: a refused character fails both branches, and the union then
        // reports only the site path's message (the validator keeps this one).
        .superRefine(plainText(false))
        .nullable(),
      Product.shape.imageUrl,
    ),
    ageRange: sameField(
      Product.shape.ageRange.refine((v) => v === null || parseAgeRange(v) !== null, {
        message: 'cannot be read as an age range',
      }),
      Product.shape.ageRange,
    ),
    otherMarkets: z
      .array(OtherOffer)
      .refine((o) => new Set(o.map((x) => x.market)).size === o.length, 'must not list a market twice')
      .optional()
      .describe(
        `The product's offers in other markets than its first (whose price, currency and url are the product's own), ` +
          `each in its market's currency: ${MARKETS.map((m) => `${m.id} ${m.currency}`).join(', ')}. ` +
          'Shown on the product page, its Markdown twin, the llms files and the structured data; never in the public JSON.',
      )
      .register(fieldMeta, {
        label: 'Other markets',
        guide: `Where else the product is sold, each with its price in that place's money and its own shop link: ${MARKETS.map((m) => `\`${m.id}\` (${m.name.replace(/^the /, '')}, ${m.currency})`).join(', ')}. The price, currency and shop link above are the first place's. Leave it empty when it is sold in one place only.`,
        fix: 'List each other market once with its own currency, e.g. `otherMarkets: [{ market: uk, price: 1999, currency: GBP, url: "https://…" }]`, or remove the line.',
        example: [
          { market: 'uk', price: 1999, currency: 'GBP', url: 'https://shop.example.co.uk/grimms/rainbow-stacker' },
        ],
        cli: { flag: 'other-markets', read: readOtherMarkets },
      }),
    published: z
      .boolean()
      .describe('False keeps the product out of every public output (a draft).')
      .register(fieldMeta, {
        label: 'Published',
        guide:
          'On (`true`) to publish once merged; off (`false`) for a draft that stays out of every public page and file.',
        fix: 'Write `published: true` to publish or `published: false` for a draft.',
        example: true,
        cli: { flag: 'published', off: 'draft' },
        initial: true,
        indexed: true,
      }),
    publishAt: sameField(PublishAt.optional(), PublishAt),
    warnings: z
      .array(z.enum(HAZARD_IDS))
      .refine((w) => new Set(w).size === w.length, 'must not repeat a warning')
      .optional()
      .describe(
        `Safety warnings the product carries, from the closed list: ${HAZARD_IDS.join(', ')}. ` +
          'Shown on the product page, its Markdown twin and the llms files; never in the public JSON.',
      )
      .register(fieldMeta, {
        label: 'Safety warnings',
        guide: `The safety warnings printed on the box, chosen from: ${HAZARDS.map((h) => h.label.toLowerCase()).join(', ')}. Each is shown near the top of the product page in the words the rules prescribe. Leave it empty when the box warns of none of these.`,
        fix: `List the warnings the box carries, from: ${HAZARD_IDS.join(', ')}, e.g. \`warnings: [small-parts, marbles]\`, or remove the line.`,
        example: ['magnets'],
        choiceLabel: (id) => hazard(id as HazardId).label,
        cli: { flag: 'warnings' },
      }),
    noWarningNeeded: text(300)
      .optional()
      .describe(
        'Why the product needs no safety warning, when the validator suggests one: a curator checked the product. Silences the suggestion.',
      )
      .register(fieldMeta, {
        label: 'Checked: no warning needed, because',
        guide:
          'Only when the check suggests a safety warning and you have made sure the product needs none: say why in one sentence, e.g. “The balls are 6 cm across, too big to swallow.” The check then stops suggesting it.',
        fix: 'Write one sentence on why no warning is needed, e.g. `noWarningNeeded: "The pieces are 8 cm long, too big to swallow."`, or remove the line.',
        example: 'Only large cards, no small pieces.',
        cli: { flag: 'no-warning-needed' },
      }),
    barcodes: z
      .array(
        z
          .string()
          .superRefine(plainText(false))
          .superRefine((code, ctx) => {
            const problem = gtinProblem(code);
            if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^The/, 'the') });
          }),
      )
      .refine(
        (codes) => new Set(codes.map((c) => toGtin14(c) ?? c)).size === codes.length,
        'must not list the same barcode twice (a 12-digit UPC and the 13-digit EAN with a 0 in front are the same barcode)',
      )
      .optional()
      .describe(
        "The product's barcodes (GTIN-8, GTIN-12 UPC-A, GTIN-13 EAN or GTIN-14), digits only. Recalls that name one match this product exactly. Never in the public JSON.",
      )
      .register(fieldMeta, {
        label: 'Barcodes',
        guide:
          'The numbers under the barcode on the box (8, 12, 13 or 14 digits, no spaces), one per box version. A recall that names one of them is matched to this product exactly.',
        fix: 'Copy the digits under the barcode, in quotes, e.g. `barcodes: ["4006381333931"]`, or remove the line.',
        example: ['4006381333931'],
        cli: { flag: 'barcodes' },
        adminSearch: true,
      }),
  })
  .strict()
  .superRefine((p, ctx) => {
    // A toy for children under 3 may not have small parts (16 CFR 1501), small balls or marbles at
    // all: a warning that says "Not for children under 3 yrs." contradicts ages that start below 3.
    const starts = p.ageRange === null ? null : parseAgeRange(p.ageRange)?.minMonths;
    if (starts !== null && starts !== undefined && starts < 36) {
      for (const id of UNDER_3_BANNED.filter((k) => p.warnings?.includes(k))) {
        ctx.addIssue({
          code: 'custom',
          path: ['warnings'],
          message:
            `lists ${id}, but the ages (${p.ageRange}) start below 3 years: toys for children under 3 may not contain ${hazard(id).label.toLowerCase()} at all ` +
            `(16 CFR 1501 bans small parts for them), so the warning "${hazard(id).text}" contradicts the ages`,
          params: {
            fix:
              `If the product has ${hazard(id).label.toLowerCase()}, make the ages start at 3 years (e.g. \`ageRange: "3–6 years"\`, as the box says); ` +
              `if it has none, remove \`${id}\` from \`warnings\`.`,
          },
        });
      }
    }
    const first = marketOfCurrency(p.currency)!;
    p.otherMarkets?.forEach((o, i) => {
      if (o.market === first.id)
        ctx.addIssue({
          code: 'custom',
          path: ['otherMarkets', i, 'market'],
          message: `is ${o.market}, the first offer's market (its currency is ${p.currency}): list only the other markets`,
        });
    });
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

/** A field of a product file: a frontmatter key, or `description` (the body). */
export type FieldKey = keyof typeof ProductFrontmatter.shape | 'description';

export interface Field {
  key: FieldKey;
  /** The schema a product file's value must pass (the body's for `description`). */
  schema: z.ZodType;
  meta: FieldMeta;
}

/** The public fields' keys, in the contract's order. */
export const PUBLIC_KEYS = Object.keys(Product.shape) as (keyof Product)[];

/**
 * The keys only a product file holds (never a public output): every frontmatter key the public
 * Product does not have, in the schema's order. A key added to ProductFrontmatter is one of these.
 */
export const FILE_ONLY_KEYS = (Object.keys(ProductFrontmatter.shape) as FieldKey[]).filter(
  (k) => !(k in Product.shape),
) as Exclude<FieldKey, keyof Product>[];

/** The field is one of the public Product's (it reaches every public output). */
export const isPublic = (key: FieldKey): key is keyof Product => key in Product.shape;

/**
 * Every field of a product file, each once: the public fields in the contract's order, then the
 * file-only ones in the schema's. Lists of fields anywhere else are derived from this.
 */
export const FIELDS: readonly Field[] = [...PUBLIC_KEYS, ...FILE_ONLY_KEYS].map((key) => {
  const schema: z.ZodType = key === 'description' ? Product.shape.description : ProductFrontmatter.shape[key];
  const meta = fieldMeta.get(schema);
  if (!meta) throw new Error(`The field ${key} has no FieldMeta in src/catalog/schema.ts`);
  return { key, schema, meta };
});

/** The fields whose words the site's public search index holds, in order. */
export const SITE_SEARCH_FIELDS: readonly FieldKey[] = FIELDS.filter((f) => f.meta.siteSearch).map((f) => f.key);

/** The fields whose words the admin search finds (`search_products`), in order. */
export const ADMIN_SEARCH_FIELDS: readonly FieldKey[] = FIELDS.filter((f) => f.meta.adminSearch).map((f) => f.key);

/** The fix for a refused character, in the validator's problems (src/catalog/problems.ts). */
export const HIDDEN_CHARACTER_FIX =
  'Remove the character the message names (editors often show it as nothing at all: search for its ' +
  'code point, or retype the text). No product text needs control or bidirectional characters; only ' +
  `${FIELDS.filter((f) => f.meta.multiline)
    .map((f) => (f.key === 'description' ? 'the description' : `\`${f.key}\``))
    .join(' and ')} may hold line breaks and tabs.`;

/** Field keys as prose: "`name`, `brand` and `url`" (or "… or `url`"). */
export function keysInWords(keys: readonly FieldKey[], last: 'and' | 'or' = 'and'): string {
  const coded = keys.map((k) => `\`${k}\``);
  return coded.length < 2 ? (coded[0] ?? '') : `${coded.slice(0, -1).join(', ')} ${last} ${coded.at(-1)!}`;
}

/** The schema a tool input uses for a field: its JSON form when it has one, else the file's. */
export const jsonSchemaOf = (f: Field): z.ZodType => (f.meta.json?.() as z.ZodType | undefined) ?? f.schema;

/** One field by key. */
export const field = (key: FieldKey): Field => FIELDS.find((f) => f.key === key)!;

/** What the build knows of a local picture's file (read with sharp; never part of a product file). */
export interface Picture {
  width: number;
  height: number;
  /** sharp's name of the format: jpeg, png, webp, avif or svg. */
  format: string;
  bytes: number;
}

/** A product as the catalog holds it: frontmatter plus body, with where it came from. */
export interface CatalogEntry {
  data: ProductFrontmatter;
  /** The Markdown body: the description, or null when empty. */
  description: string | null;
  /** Repository-relative path of the source file. */
  sourcePath: string;
  /** Its local picture's facts, when the build has read them. */
  picture?: Picture;
}
