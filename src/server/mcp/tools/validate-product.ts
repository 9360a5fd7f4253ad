// validate_product: checks a product file's text with the build's own parser, so the problems are
// exactly the ones `npm run validate` and the build would report.
import { z } from 'zod';
import { parseProductFile, PRODUCTS_DIR } from '../../../catalog/load.ts';
import { formatProblems } from '../../../catalog/problems.ts';
import { ProblemSchema } from '../schemas.ts';
import { toolInfo } from '../../../admin/tools.ts';
import { defineTool } from './tool.ts';

const FILE_PATTERN = /^content\/products\/[^/]+\.md$/;

/** Validates `text` as `file`, or, without a path, as the file its own slug names. */
export function validateText(text: string, file?: string) {
  const target = file ?? `${PRODUCTS_DIR}/${parseProductFile(`${PRODUCTS_DIR}/product.md`, text).slug ?? 'product'}.md`;
  const { entry, problems } = parseProductFile(target, text);
  return { valid: entry !== null && problems.length === 0, path: target, slug: entry?.data.slug ?? null, problems };
}

export const validateProduct = defineTool({
  ...toolInfo('validate_product'),
  input: z
    .object({
      text: z
        .string()
        .max(200_000)
        .describe(
          'The whole file: a line of exactly `---`, the YAML frontmatter, `---`, then the Markdown body. YAML only: any other front-matter language is a problem, and nothing in the text is ever run.',
        ),
      path: z
        .string()
        .regex(FILE_PATTERN)
        .optional()
        .describe('Where the file would live, e.g. content/products/wooden-rainbow-stacker.md.'),
    })
    .strict(),
  output: z.object({
    valid: z.boolean(),
    path: z.string().describe('The path the file was checked as.'),
    slug: z.string().nullable().describe('The slug when the file is valid.'),
    problems: z.array(ProblemSchema),
    report: z.string().describe('The problems formatted as the validator prints them (empty when valid).'),
    existingProduct: z
      .string()
      .nullable()
      .describe('When a product already has this slug: its file (the check is then an edit of it).'),
  }),
  async run(args, ctx) {
    const res = validateText(args.text, args.path);
    const existing = res.slug ? ((await ctx.catalog()).bySlug.get(res.slug)?.sourcePath ?? null) : null;
    return { ...res, report: res.problems.length ? formatProblems(res.problems) : '', existingProduct: existing };
  },
});
