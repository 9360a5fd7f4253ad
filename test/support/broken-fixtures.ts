// The one folder of broken product files, one mistake each (a second file repeats the first's
// slug), and what a curator is told about each: the validator's tests, its GitHub annotations and
// the failing build all read this table.

export const BROKEN_DIR = 'test/fixtures/broken';

export interface BrokenCase {
  /** The file under BROKEN_DIR the problem is reported against. */
  file: string;
  line: number | null;
  field: string;
  message: RegExp;
  fix: RegExp;
}

/** Every problem the folder yields, in the loader's order (file names sorted). */
export const BROKEN_CASES: readonly BrokenCase[] = [
  {
    file: 'bad-barcode.md',
    line: 15,
    field: 'barcodes',
    message:
      /^the barcode "4006381333932" ends in 2, but .* the last digit would be 1: one digit is mistyped.*\(got "4006381333932" at \[0\]\)$/,
    fix: /Copy the digits under the barcode, in quotes/,
  },
  {
    file: 'bad-category.md',
    line: 6,
    field: 'categories',
    message: /"educational-toys"\|"kits".*\(got "robots" at \[0\]\)$/,
    fix: /List one or more of: educational-toys, kits, books/,
  },
  {
    file: 'bad-currency.md',
    line: 8,
    field: 'currency',
    message: /"USD"\|"CAD"\|"EUR".*\(got "GBP"\)$/,
    fix: /Use one of USD, CAD, EUR/,
  },
  {
    file: 'bad-image-path.md',
    line: 9,
    field: 'imageUrl',
    message: /\(got "images\/products\/magnetic-tiles\.png"\)$/,
    fix: /in content\/images\/products\/.*`\/images\/products\/my-slug\.jpg`, or link a photo on images\.shop\.example\.com.*or write `null`/,
  },
  {
    file: 'bad-publish-at.md',
    line: 15,
    field: 'publishAt',
    message: /\(got "next tuesday"\)$/,
    fix: /ISO date-time with a time zone/,
  },
  {
    file: 'bad-url.md',
    line: 10,
    field: 'url',
    message: /^Invalid URL \(got "example\.com\/magnetic-tiles"\)$/,
    fix: /full link including https:\/\//,
  },
  // The second file repeats the first file's slug, so it also fails the file-name rule.
  {
    file: 'duplicate-slug-b.md',
    line: 2,
    field: 'slug',
    message: /^"duplicate-slug-a" does not match the file name "duplicate-slug-b\.md"$/,
    fix: /Rename the file to duplicate-slug-a\.md or set `slug: duplicate-slug-b`/,
  },
  {
    file: 'duplicate-slug-b.md',
    line: 2,
    field: 'slug',
    message: /^"duplicate-slug-a" is already used by test\/fixtures\/broken\/duplicate-slug-a\.md$/,
    fix: /its own slug/,
  },
  {
    file: 'empty-name.md',
    line: 3,
    field: 'name',
    message: /^must not be empty \(got ""\)$/,
    fix: /product name as the maker sells it/,
  },
  {
    file: 'extra-fields.md',
    line: 15,
    field: 'colour, size',
    message: /^unknown fields "colour", "size"$/,
    fix: /Remove them or check the spelling; the allowed fields are slug, name/,
  },
  {
    file: 'hidden-character.md',
    line: 3,
    field: 'name',
    message:
      /^must not contain the bidirectional control character U\+202E \(got "Magnetic Tiles \\u202eelbisiv ton\\u202c Starter Set"\)$/,
    fix: /Remove the character the message names/,
  },
  {
    file: 'javascript-front-matter.md',
    line: 1,
    field: '(frontmatter)',
    message: /^opens with "---js" instead of a line of exactly "---"/,
    fix: /only YAML front matter is allowed/,
  },
  {
    file: 'long-description.md',
    line: 16,
    field: 'description',
    message: /^must be at most 5,000 characters long \(the body below the closing `---` has 5,279 characters\)$/,
    fix: /Shorten the description to at most 5,000 characters/,
  },
  {
    file: 'missing-brand.md',
    line: null,
    field: 'brand',
    message: /^is missing$/,
    fix: /brand or maker/,
  },
  {
    file: 'no-frontmatter.md',
    line: 1,
    field: '(frontmatter)',
    message: /^has no frontmatter$/,
    fix: /Start the file with `---`/,
  },
  {
    file: 'price-with-decimals.md',
    line: 7,
    field: 'price',
    message: /^must be a whole number of cents.*\(got 39\.99\)$/,
    fix: /in cents as a whole number \(24\.99 → 2499\)/,
  },
  {
    file: 'slug-mismatch.md',
    line: 2,
    field: 'slug',
    message: /^"magnetic-tiles" does not match the file name "slug-mismatch\.md"$/,
    fix: /Rename the file to magnetic-tiles\.md or set `slug: slug-mismatch`/,
  },
  {
    file: 'small-parts-under-3.md',
    line: 15,
    field: 'warnings',
    message:
      /^lists small-parts, but the ages \(18 months–4 years\) start below 3 years: .*\(16 CFR 1501 bans small parts for them\)/,
    fix: /make the ages start at 3 years .*; if it has none, remove `small-parts` from `warnings`/,
  },
  {
    file: 'staff-pick-string.md',
    line: 11,
    field: 'staffPick',
    message: /expected boolean.*\(got "yes"\)$/,
    fix: /`true` or `false`/,
  },
  {
    file: 'staff-pick-without-curator.md',
    line: 12,
    field: 'pickedBy',
    message: /^a staff pick must name its curator$/,
    fix: /Set `pickedBy` to the curator who picked it, or set `staffPick: false`/,
  },
  {
    file: 'unclosed-list.md',
    line: 6,
    field: '(frontmatter)',
    message: /^is not valid YAML: the \[…\] list that starts here is never closed$/,
    fix: /Check line 6: indentation, a missing bracket/,
  },
  {
    file: 'unclosed-quote.md',
    line: 3,
    field: '(frontmatter)',
    message: /^is not valid YAML: the quoted text that starts here is never closed$/,
    fix: /Check line 3: indentation, a missing bracket, comma or closing quote/,
  },
  {
    file: 'unknown-curator.md',
    line: 12,
    field: 'pickedBy',
    message: /"maya"\|"theo".*\(got "sam"\)$/,
    fix: /curator codes maya, theo, or `null`/,
  },
  {
    file: 'unreadable-age.md',
    line: 5,
    field: 'ageRange',
    message: /^cannot be read as an age range \(got "toddlers"\)$/,
    fix: /"6–18 months", "3–6 years", "8\+ years" or "13\+"/,
  },
];

/** The folder's one valid product: the first of the two files that share a slug. */
export const BROKEN_LOADS = ['duplicate-slug-a'];
