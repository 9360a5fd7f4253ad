// content/recall-watch.yml: what curators tell the recall watcher, edited in the browser editor
// ("Recall watch list") or changed by pull request like a product. `aliases` names the companies a
// brand's products are recalled under when their names differ ("HABA" toys are recalled by
// "Habermaass Corp."); `dismissals` records a match a curator judged false, so no later run
// proposes it again. `npm run validate` checks the file; the recall function reads it from its
// deploy. The file opens with RECALL_WATCH_HEADER, and writeRecallWatch writes it whole.
import { isAlias, LineCounter, parseDocument, stringify, visit } from 'yaml';
import { z } from 'zod';
import type { Problem } from './problems.ts';
import { Slug } from './schema.ts';

export const RECALL_WATCH_FILE = 'content/recall-watch.yml';

/**
 * The comment the file opens with, said here once: the editor's writer (writeRecallWatch) puts it
 * back on every save, and a test checks that the repository's file starts with it.
 */
export const RECALL_WATCH_HEADER = `# What curators tell the recall watcher (docs/operate.md, "The watchers"). Curators change it in the
# editor at /admin ("Recall watch list"), which keeps this comment, or by pull request, like a
# product; \`npm run validate\` checks it, and the recall watcher reads it from the deployed site.
#
# aliases: the companies a brand's products are recalled under, when the recall names a company
# whose name is not the brand's (the watcher already matches "Huffy" with "Huffy Corporation" and
# "Melissa & Doug" with "Melissa and Doug, LLC"; this list is for names that differ).
#   - brand: the brand as product files write it
#     companies: [the manufacturer or importer names recalls use]
#     why: one sentence with the evidence
#
# dismissals: a match a curator judged false. The watcher never proposes that recall for that
# product again, and audit_catalog no longer lists it.
#   - source: cpsc            # the recall source: cpsc, health-canada or safety-gate
#     recall: "19094"         # its recall number (CPSC's RecallNumber)
#     product: some-slug      # the product file's slug
#     why: one sentence on why it is not that product
`;

/**
 * The recall sources a dismissal names, by id, with their names for people: said here once; each
 * is implemented by the recall watcher (src/server/watch/, whose sources take these ids and names).
 */
export const RECALL_SOURCE_NAMES = {
  cpsc: 'U.S. CPSC',
  'health-canada': 'Health Canada',
  'safety-gate': 'EU Safety Gate',
} as const;
export type RecallSourceId = keyof typeof RECALL_SOURCE_NAMES;
export const RECALL_SOURCE_IDS = Object.keys(RECALL_SOURCE_NAMES) as [RecallSourceId, ...RecallSourceId[]];

/** The fewest characters of a reason: about a short sentence. */
export const WHY_MIN = 10;

const why = z
  .string()
  .trim()
  .min(WHY_MIN, 'must say why in a sentence')
  .max(500, 'must say why in at most 500 characters')
  .describe('One sentence with the evidence: where you read it, or why it is not our product.');

export const RecallAlias = z
  .object({
    brand: z
      .string()
      .trim()
      .min(1, 'must name the brand')
      .max(120, 'must be at most 120 characters')
      .describe('The brand as our products name it.'),
    companies: z
      .array(
        z.string().trim().min(1, 'must name a company').max(200, 'must be at most 200 characters'),
        'must be a list of company names',
      )
      .min(1, 'must name at least one company')
      .max(20, 'may name at most 20 companies')
      .describe('The maker or importer names the recalls use for this brand, each as the recall writes it.'),
    why,
  })
  .strict();

export const RecallDismissal = z
  .object({
    source: z
      .enum(RECALL_SOURCE_IDS, `must be one of the recall sources: ${RECALL_SOURCE_IDS.join(', ')}`)
      .describe('Who published the recall.'),
    recall: z
      .union([z.string(), z.number()], 'must be the recall’s number')
      .transform(String)
      .pipe(z.string().trim().min(1, 'must be the recall’s number').max(40, 'must be at most 40 characters'))
      .describe(
        "The recall's number as its publisher gives it: the U.S. CPSC's recall number, Health Canada's NID or the EU Safety Gate's case number.",
      ),
    product: Slug.describe(
      "Our product the recall was matched with: the last part of its page's link (wooden-kite for /products/wooden-kite/).",
    ),
    why,
  })
  .strict();

export const RecallWatchFile = z
  .object({
    aliases: z
      .array(RecallAlias)
      .max(1000)
      .default([])
      .describe('Brands whose toys are recalled under a company name that is not the brand’s.'),
    dismissals: z
      .array(RecallDismissal)
      .max(10_000)
      .default([])
      .describe('Recalls a curator judged are not about our product: the check never suggests them again.'),
  })
  .strict();
export type RecallWatch = z.infer<typeof RecallWatchFile>;

export const EMPTY_RECALL_WATCH: RecallWatch = { aliases: [], dismissals: [] };

/** The whole file for `watch`: the header, then the lists (as parseRecallWatch returns them). */
export function writeRecallWatch(watch: RecallWatch): string {
  const body = stringify({ aliases: watch.aliases, dismissals: watch.dismissals }, { lineWidth: 0 });
  return `${RECALL_WATCH_HEADER}\n${body}`;
}

const FIX = 'See the comment at the top of content/recall-watch.yml and docs/operate.md ("Recalls").';

/** The file's content, or its problems (file, line, field, what is wrong, how to fix it). */
export function parseRecallWatch(
  text: string,
  file = RECALL_WATCH_FILE,
): { ok: true; value: RecallWatch } | { ok: false; problems: Problem[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const problem = (field: string, message: string, offset?: number): Problem => ({
    file,
    line: offset === undefined ? null : lines.linePos(offset).line,
    field,
    message,
    fix: FIX,
  });
  if (doc.errors.length)
    return {
      ok: false,
      problems: doc.errors.map((e) => problem('(file)', `is not valid YAML: ${e.message}`, e.pos[0])),
    };
  let aliased = false;
  visit(doc, (_key, node) => {
    if (isAlias(node)) aliased = true;
  });
  if (aliased) return { ok: false, problems: [problem('(file)', 'uses YAML aliases (*name), which it may not')] };
  const parsed = RecallWatchFile.safeParse(doc.toJS() ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((i) => {
      const node = doc.getIn(i.path as (string | number)[], true) as { range?: [number, number, number] } | undefined;
      return problem(i.path.join('.') || '(file)', i.message, node?.range?.[0]);
    }),
  };
}

/** Problems of the file against the catalog: a dismissal must name a product that exists. */
export function recallWatchProblems(
  watch: RecallWatch,
  slugs: ReadonlySet<string>,
  file = RECALL_WATCH_FILE,
): Problem[] {
  return watch.dismissals.flatMap((d, i) =>
    slugs.has(d.product)
      ? []
      : [
          {
            file,
            line: null,
            field: `dismissals.${i}.product`,
            message: `names no product file (${d.product})`,
            fix: 'Use the slug of an existing product, or remove the dismissal if the product is gone.',
          },
        ],
  );
}
