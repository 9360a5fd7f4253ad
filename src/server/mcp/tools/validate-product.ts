// validate_product: checks a product file's text with the build's own parser, so the problems are
// exactly the ones `npm run validate` and the build would report.
import { z } from 'zod';
import { formatProblems } from '../../../catalog/problems.ts';
import { ProblemSchema } from '../schemas.ts';
import { defineTool } from './tool.ts';

const FILE_PATTERN = /^content\/products\/[^/]+\.md$/;

export default defineTool({
  name: 'validate_product',
  title: 'Validate a product file',
  summary:
    'Checks the text of a product file (frontmatter plus Markdown body) exactly as the build does and returns every problem with its line, field, message and fix.',
  description:
    'Checks the text of a product file (frontmatter plus Markdown body) exactly as the build does and returns every problem with its line, field, message and fix. Give `path` (content/products/<slug>.md) to check the slug against the file name; without it the file is assumed to be named after its own slug.',
  annotations: { readOnlyHint: true, openWorldHint: false },
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
    // The parser (YAML and the schema) loads with the first call, not with the endpoint.
    const { validateProductText } = await import('../../../catalog/load.ts');
    const res = validateProductText(args.text, args.path);
    const existing = res.slug ? ((await ctx.catalog()).bySlug.get(res.slug)?.sourcePath ?? null) : null;
    return { ...res, report: res.problems.length ? formatProblems(res.problems) : '', existingProduct: existing };
  },
});
