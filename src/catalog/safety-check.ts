// The validator's safety checks across a product's fields and across products: a suggested warning
// for a toy the U.S. labelling rules likely cover (a hint the curator can answer in the file with
// `noWarningNeeded`), and a barcode two products share (a mistake). The rule that toys for under-3s
// carry no small-parts warning is the schema's own (src/catalog/schema.ts), an error everywhere.
import { CATEGORIES, type CategorySlug } from '../config/site.ts';
import { parseAgeRange } from './ages.ts';
import { toGtin14 } from './gtin.ts';
import { hazard, type HazardId } from './hazards.ts';
import { lineOf, type Problem } from './problems.ts';
import type { CatalogEntry, ProductFrontmatter } from './schema.ts';

/**
 * Categories where toys for three- to six-year-olds often have small parts (game pawns, kit
 * screws, beads, blocks): a product for those ages in one of them with no warning is asked about.
 */
export const SMALL_PARTS_COMMON: readonly CategorySlug[] = ['educational-toys', 'kits', 'games', 'puzzles'];

/** Words in a product's name or note that name a hazard of the list. */
const MENTIONS: readonly { id: HazardId; words: RegExp; said: string }[] = [
  { id: 'marbles', words: /\bmarbles?\b/i, said: 'marbles' },
  { id: 'magnets', words: /\bmagnet(?:s|ic)?\b/i, said: 'magnets' },
  { id: 'balloons', words: /\bballoons?\b/i, said: 'balloons' },
  { id: 'small-balls', words: /\bballs?\b/i, said: 'balls' },
];

/** What 16 CFR 1500.19 requires a choking warning on, for each warning it prescribes words for. */
const CFR_COVERS: Partial<Record<HazardId, string>> = {
  'small-parts': 'toys for ages 3 to 6 that have small parts',
  marbles: 'toys for ages 3 and up that have marbles, small balls or balloons',
  'small-balls': 'toys for ages 3 and up that have marbles, small balls or balloons',
  balloons: 'toys for ages 3 and up that have marbles, small balls or balloons',
};

/** Why the suggested warnings are asked for: the rules, in a few words. */
function rulesFor(ids: readonly HazardId[]): string {
  const covers = [...new Set(ids.flatMap((id) => CFR_COVERS[id] ?? []))];
  const rules = covers.length
    ? [`the U.S. rules (16 CFR 1500.19) require a choking warning on ${covers.join(' and on ')}`]
    : [];
  if (ids.includes('magnets'))
    rules.push(
      'the toy safety standard (ASTM F963, mandatory through 16 CFR 1250) covers magnets a child could swallow',
    );
  return rules.join('; ');
}

/** The fields the suggestion reads: the editor's form asks it again whenever one of them changes. */
export const SAFETY_FIELDS = ['ageRange', 'categories', 'warnings', 'noWarningNeeded', 'name', 'whyWePicked'] as const;
/** A product's values of those fields (a product file's, or the editor's form as it is). */
export type SafetyFields = Pick<ProductFrontmatter, (typeof SAFETY_FIELDS)[number]>;

/** 3 years and under 6, in months: the ages 16 CFR 1500.19's small-parts statement is for. */
const FROM = 36;
const UNTIL = 72;

/**
 * The warnings the check would suggest for `entry`, with why, or none. Only for a product whose ages
 * start at 3 and below 6, that has not been answered with `noWarningNeeded`: one that carries no
 * warning in a category where small parts are common gets small parts; one whose name or editorial
 * note mentions marbles, magnets, balloons or balls and does not carry that warning gets it. The
 * validator's hints (below) and the editor's form (src/editor/hints.ts) both ask it.
 */
export function suggestedWarnings({ data }: { data: SafetyFields }): { id: HazardId; because: string }[] {
  if (data.noWarningNeeded !== undefined || data.ageRange === null) return [];
  const starts = parseAgeRange(data.ageRange)?.minMonths;
  if (starts === undefined || starts < FROM || starts >= UNTIL) return [];
  const carried = new Set<HazardId>(data.warnings ?? []);
  const out: { id: HazardId; because: string }[] = [];
  const category = data.categories.find((c) => SMALL_PARTS_COMMON.includes(c));
  if (carried.size === 0 && category)
    out.push({ id: 'small-parts', because: `it is in ${CATEGORIES[category].label}, where small parts are common` });
  const words = `${data.name}\n${data.whyWePicked ?? ''}`;
  for (const m of MENTIONS) {
    if (carried.has(m.id) || !m.words.test(words)) continue;
    out.push({ id: m.id, because: `its name or note mentions ${m.said}` });
  }
  return out;
}

/**
 * The safety hints for the products (validator warnings, which do not fail it): one per product
 * with suggested warnings, naming the file, the field, the rule and the two ways to answer it.
 */
export function safetyHints(entries: readonly CatalogEntry[], sources?: ReadonlyMap<string, string>): Problem[] {
  return entries.flatMap((e) => {
    const suggested = suggestedWarnings(e);
    if (suggested.length === 0) return [];
    const source = sources?.get(e.sourcePath);
    const ids = suggested.map((s) => s.id);
    return [
      {
        file: e.sourcePath,
        line: source === undefined ? null : (lineOf(source, 'warnings') ?? lineOf(source, 'ageRange')),
        field: 'warnings',
        message:
          `no ${ids.map((id) => hazard(id).label.toLowerCase()).join(' or ')} warning, for ages ${e.data.ageRange} ` +
          `(${suggested.map((s) => s.because).join('; ')}): ${rulesFor(ids)}`,
        fix:
          `If the box carries the warning, add \`warnings: [${ids.join(', ')}]\`; if you have checked the product ` +
          'and it needs none, say why in `noWarningNeeded: "…"` (e.g. "Only large cards, no small pieces.").',
      },
    ];
  });
}

/**
 * Barcodes two products share (compared as GTIN-14, so a UPC-A and the same EAN-13 are one): a
 * problem on each later file, naming the first. A barcode names one product.
 */
export function sharedBarcodes(entries: readonly CatalogEntry[], sources?: ReadonlyMap<string, string>): Problem[] {
  const first = new Map<string, string>();
  const problems: Problem[] = [];
  for (const e of entries) {
    for (const code of e.data.barcodes ?? []) {
      const key = toGtin14(code);
      if (key === null) continue;
      const owner = first.get(key);
      if (owner === undefined) {
        first.set(key, e.sourcePath);
        continue;
      }
      const source = sources?.get(e.sourcePath);
      problems.push({
        file: e.sourcePath,
        line: source === undefined ? null : lineOf(source, 'barcodes'),
        field: 'barcodes',
        message: `"${code}" is also a barcode of ${owner}: a barcode names one product`,
        fix: `Check the box of each product and keep the barcode only in the file of the product it is printed on (the other has its own, or none).`,
      });
    }
  }
  return problems;
}
