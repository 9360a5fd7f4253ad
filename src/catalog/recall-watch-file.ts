// content/recall-watch.yml: what curators tell the recall watcher, changed by pull request like a
// product. `aliases` names the companies a brand's products are recalled under when their names
// differ ("HABA" toys are recalled by "Habermaass Corp."); `dismissals` records a match a curator
// judged false, so no later run proposes it again. `npm run validate` checks the file; the recall
// function reads it from its deploy.
import { isAlias, LineCounter, parseDocument, visit } from 'yaml';
import { z } from 'zod';
import type { Problem } from './problems.ts';
import { Slug } from './schema.ts';

export const RECALL_WATCH_FILE = 'content/recall-watch.yml';

const why = z.string().trim().min(10, 'must say why in a sentence').max(500);

export const RecallAlias = z
  .object({
    brand: z.string().trim().min(1).max(120).describe('The brand as product files write it.'),
    companies: z
      .array(z.string().trim().min(1).max(200))
      .min(1)
      .max(20)
      .describe('Companies the brand is recalled under (manufacturer or importer names).'),
    why,
  })
  .strict();

export const RecallDismissal = z
  .object({
    source: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a recall source id: cpsc, health-canada or safety-gate'),
    recall: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(z.string().trim().min(1).max(40))
      .describe(
        "The source's recall number, as the proposal's title gives it (CPSC: RecallNumber; Health Canada: NID; Safety Gate: caseNumber).",
      ),
    product: Slug,
    why,
  })
  .strict();

export const RecallWatchFile = z
  .object({
    aliases: z.array(RecallAlias).max(1000).default([]),
    dismissals: z.array(RecallDismissal).max(10_000).default([]),
  })
  .strict();
export type RecallWatch = z.infer<typeof RecallWatchFile>;

export const EMPTY_RECALL_WATCH: RecallWatch = { aliases: [], dismissals: [] };

const FIX = 'See the comment at the top of content/recall-watch.yml and DEPLOY.md ("Recalls").';

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
