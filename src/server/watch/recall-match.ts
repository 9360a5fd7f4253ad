// Whether a recall concerns a product of the catalog. Two tests, both on normalised text:
//   brand: the product's brand (or a company a curator named for it in content/recall-watch.yml)
//     is one of the recall's manufacturers or importers: the same words, or one's words the start
//     of the other's ("Huffy" and "Huffy Corporation"). Retailers never count as brands.
//   name: the product's name shares enough words with one of the recall's product names or models
//     (or its title's product part): at least two words, or every word of the shorter of the two
//     when it has only one.
//   barcode: the recall names one of the product's barcodes (both as GTIN-14): a match whatever the
//     brand and the name say (a relabelled product sold under another importer's name).
// Brand and name, or the barcode → a match (an urgent proposal to unpublish); the brand alone →
// audit_catalog only. A source without a manufacturer field (Health Canada) gives its title and
// product text instead: a brand counts when its words appear there in order, as whole words.
// A wrong match costs a curator a minute, a missed one can hurt a child: where in doubt, match.
// The normalisation, in order (docs/operate.md, "Recalls"): Unicode compatibility form with diacritics
// removed; lower case; ®, ™, © and apostrophes removed (so possessives read "carters"); "&" read as
// "and"; a ", of <place>" or ", a division/subsidiary of …" tail dropped; "d/b/a" splits a company
// into two names; every other punctuation mark a space; a leading "the" and trailing corporate
// suffixes (Inc, LLC, Ltd, Co, Corp, Company, GmbH, AG, SA, BV, NV, plc, Pty, KG, …) dropped.
// Names then lose common words (articles, "toys", "set", "kit", "recalled", "due to" and what
// follows) and the brand's own words, and a plural "s" (or "ies") becomes singular.

const SUFFIXES = new Set(
  (
    'inc incorporated llc ltd limited co corp corporation company companies gmbh mbh ag sa sas sarl bv nv plc ' +
    'pty kg ohg oy ab as spa srl lp llp lllp pte pvt kk international intl group usa'
  ).split(' '),
);

/** Text in the normal form both sides are compared in: words separated by single spaces. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[®™©]/g, ' ')
    .replace(/['’‘`´]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The names a company goes by, each normalised without its corporate form: "Melissa & Doug, LLC" → ["melissa and doug"]. */
export function companyNames(name: string): string[] {
  return name
    .split(/\bd\s*\/\s*b\s*\/\s*a\b|\bdba\b|\bdoing business as\b/i)
    .map((part) => {
      const bare = part
        .replace(/,\s*(?:a\s+)?(?:wholly[-\s]owned\s+)?(?:division|subsidiary|unit|brand)\s+of\s+.*$/i, '')
        .replace(/,\s*of\s+.*$/i, '')
        // Dotted abbreviations as one word: L.L.C. → LLC, S.p.A. → SpA; A/S → AS.
        .replace(/\b(?:[A-Za-z]\.){2,}/g, (m) => m.replace(/\./g, ''))
        .replace(/\b([A-Za-z])\/([A-Za-z])\b/g, '$1$2');
      const words = normalise(bare).split(' ').filter(Boolean);
      if (words[0] === 'the' && words.length > 1) words.shift();
      // "Grimm's Spiel und Holz Design GmbH & Co. KG": drop suffixes and their "and"s from the end.
      while (words.length > 1 && (SUFFIXES.has(words.at(-1)!) || words.at(-1) === 'and')) words.pop();
      return words.join(' ');
    })
    .filter(Boolean);
}

/** The brand's normalised form (a brand is compared as a company name). */
export const brandKey = (brand: string) => companyNames(brand)[0] ?? normalise(brand);

const startsWith = (long: string[], short: string[]) => short.every((w, i) => long[i] === w);

/** Whether a brand (normalised) and a company (normalised) are the same: equal, or one's words begin the other's. */
export function sameCompany(brand: string, company: string): boolean {
  if (!brand || !company) return false;
  if (brand === company) return true;
  const a = brand.split(' ');
  const b = company.split(' ');
  return a.length < b.length ? startsWith(b, a) : startsWith(a, b);
}

const COMMON = new Set(
  (
    'a an and the of for with by in on to from at or all any model models new set sets kit kits toy toys ' +
    'piece pieces pc pcs branded brand brands recall recalls recalled product products item items children ' +
    'childrens kids kid style styles various assorted certain select'
  ).split(' '),
);

const singular = (w: string) =>
  w.length > 4 && w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.length > 3 && /[^s]s$/.test(w) ? w.slice(0, -1) : w;

/** The words of a product name that say which product it is (brand words and common words removed). */
export function nameWords(name: string, brand = ''): Set<string> {
  const own = new Set(normalise(brand).split(' ').map(singular));
  return new Set(
    normalise(name)
      .split(' ')
      .filter((w) => w.length > 1 && !COMMON.has(w))
      .map(singular)
      .filter((w) => !COMMON.has(w) && !own.has(w)),
  );
}

/** The product part of a recall title: "X Recalls Rock 'n Play Sleepers Due to …" → "Rock 'n Play Sleepers". */
export function titleProduct(title: string): string {
  let t = title.replace(/\s+(?:due to|because|after|over|for)\s+.*$/i, '');
  t = t.replace(/\s+recalled\s+by\s+.*$/i, '');
  const recalls = /\brecalls?\b(?:\s+to\s+\w+)?\s+(.*)$/i.exec(t);
  return recalls ? recalls[1]! : t;
}

export interface NameMatch {
  /** The recall's product name (or title part) the product name resembles. */
  recallName: string;
  shared: string[];
}

/** The recall product name most like `name` when they share enough words, or null. */
export function similarName(name: string, brand: string, recallNames: readonly string[]): NameMatch | null {
  const mine = nameWords(name, brand);
  if (mine.size === 0) return null;
  let best: NameMatch | null = null;
  for (const recallName of recallNames) {
    const theirs = nameWords(recallName, brand);
    if (theirs.size === 0) continue;
    const shared = [...mine].filter((w) => theirs.has(w));
    const needed = Math.min(2, mine.size, theirs.size);
    if (shared.length >= needed && (!best || shared.length > best.shared.length)) best = { recallName, shared };
  }
  return best;
}

/** A product as the matcher sees it. */
export interface MatchedProduct {
  slug: string;
  brand: string;
  name: string;
  /** Its barcodes as GTIN-14 (src/catalog/gtin.ts toGtin14). */
  barcodes?: readonly string[];
}

export interface BrandIndex<P extends MatchedProduct> {
  /** Brand key → the brand as written and its products. */
  brands: Map<string, { brand: string; products: P[] }>;
  /** The brand keys a company name is (directly, or as a curated alias). */
  brandsOf(company: string): Set<string>;
  /** The brand keys whose words (or a curated alias's) appear in `text` as whole words, in order, with the words found. */
  brandsIn(text: string): Map<string, string>;
  /** GTIN-14 → the products carrying it. */
  byBarcode: Map<string, P[]>;
}

/** The catalog's brands, found by a company's first word; `aliases` adds curated companies per brand. */
export function brandIndex<P extends MatchedProduct>(
  products: readonly P[],
  aliases: readonly { brand: string; companies: readonly string[] }[] = [],
): BrandIndex<P> {
  const brands = new Map<string, { brand: string; products: P[] }>();
  for (const p of products) {
    const key = brandKey(p.brand);
    if (!key) continue;
    const b = brands.get(key);
    if (b) b.products.push(p);
    else brands.set(key, { brand: p.brand, products: [p] });
  }
  /** First word → [a company key, the brand key it stands for]. */
  const byFirst = new Map<string, [string, string][]>();
  const add = (company: string, brand: string) => {
    const first = company.split(' ')[0]!;
    byFirst.set(first, [...(byFirst.get(first) ?? []), [company, brand]]);
  };
  for (const key of brands.keys()) add(key, key);
  for (const a of aliases) {
    const key = brandKey(a.brand);
    if (!brands.has(key)) continue;
    for (const c of a.companies) for (const name of companyNames(c)) add(name, key);
  }
  const byBarcode = new Map<string, P[]>();
  for (const p of products)
    for (const code of p.barcodes ?? []) byBarcode.set(code, [...(byBarcode.get(code) ?? []), p]);
  return {
    brands,
    byBarcode,
    brandsIn(text) {
      const found = new Map<string, string>();
      const words = normalise(text).split(' ');
      for (let i = 0; i < words.length; i++)
        for (const [company, brand] of byFirst.get(words[i]!) ?? []) {
          if (found.has(brand)) continue;
          const parts = company.split(' ');
          if (parts.every((w, k) => words[i + k] === w)) found.set(brand, company);
        }
      return found;
    },
    brandsOf(company) {
      const found = new Set<string>();
      for (const name of companyNames(company))
        for (const [c, brand] of byFirst.get(name.split(' ')[0]!) ?? []) if (sameCompany(c, name)) found.add(brand);
      return found;
    },
  };
}

export interface RecallHit<P extends MatchedProduct> {
  product: P;
  /** The manufacturer or importer (or the words of a source's text) that is the product's brand; '' when only the barcode matched. */
  company: string;
  /** Set when the names are similar too: a match; null: the brand alone (or the barcode alone). */
  name: NameMatch | null;
  /** The product's barcode (GTIN-14) the recall names: a match whatever the brand says; null when it names none. */
  barcode: string | null;
}

/**
 * Every product whose barcode the recall names, and every product whose brand is one of the recall's
 * manufacturers or importers (never its retailers), or appears in its text when it has no
 * manufacturer field.
 */
export function recallHits<P extends MatchedProduct>(
  recall: {
    title: string;
    products: readonly string[];
    manufacturers: readonly string[];
    importers: readonly string[];
    barcodes?: readonly string[];
    text?: string | undefined;
  },
  index: BrandIndex<P>,
): RecallHit<P>[] {
  const hits = new Map<string, RecallHit<P>>();
  const seen = new Set<string>();
  const names = [...recall.products, titleProduct(recall.title)];
  const brandHits = (key: string, company: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const product of index.brands.get(key)!.products)
      hits.set(product.slug, {
        product,
        company,
        name: similarName(product.name, product.brand, names),
        barcode: null,
      });
  };
  for (const company of [...recall.manufacturers, ...recall.importers])
    for (const key of index.brandsOf(company)) brandHits(key, company);
  if (recall.text && recall.manufacturers.length === 0 && recall.importers.length === 0)
    for (const [key, words] of index.brandsIn(recall.text)) brandHits(key, words);
  for (const code of recall.barcodes ?? [])
    for (const product of index.byBarcode.get(code) ?? []) {
      const hit = hits.get(product.slug);
      if (hit) hit.barcode ??= code;
      else hits.set(product.slug, { product, company: '', name: null, barcode: code });
    }
  return [...hits.values()];
}
