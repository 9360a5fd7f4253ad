// propose_edit: changes fields of one existing product (or unpublishes it) as a proposal: a branch
// with one commit whose diff touches only the lines of those fields in that one file, and (on
// GitHub) a pull request. It starts from the base branch's file, and refuses when that file no
// longer says what the catalog the admin read says (someone changed it since).
import { z } from 'zod';
import { editProductFile, type FieldChanges } from '../../../catalog/edit-product.ts';
import { formatProblems } from '../../../catalog/problems.ts';
import { fieldChangesInput } from '../../../catalog/product-file.ts';
import { Slug } from '../../../catalog/schema.ts';
import { limitInWords, PROPOSAL_LIMIT } from '../../../contract/limits.ts';
import { composeProposal, fieldChanges, proposalBranch } from '../../proposals/compose.ts';
import { backendCall, countProposal, proposalBackend, sameProduct } from './proposing.ts';
import { ProposalOutput, proposalAnswer } from './proposal-output.ts';
import { ToolError, defineTool } from './tool.ts';

export default defineTool({
  name: 'propose_edit',
  title: 'Propose a change to a product',
  summary:
    'Proposes a change to one existing product for review: new values for some of its fields, or `unpublish: true`.',
  description:
    'Proposes a change to one existing product for review: new values for some of its fields (price, currency, note, ages, categories, image, link, description, published, publishAt, …; `publishAt: null` removes a schedule), or `unpublish: true`. Writes a branch with one commit whose diff touches only those lines of that one file, and opens a pull request on GitHub, on the curators’ board in the browser editor (branch `cms/products/<slug>`, or `catalog/<slug>-<id>` when a curator already has that one; on the local stack: a branch `catalog/<slug>-<id>` of the checkout). Refuses when the file changed on the base branch since the catalog you read was built, and writes nothing when the result would not pass the build’s parser. Nothing changes on the site until a curator merges the proposal. ' +
    `At most ${limitInWords(PROPOSAL_LIMIT, 'proposals')} per admin.`,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: z
    .object({
      slug: Slug.describe('The product to change (its file name without .md).'),
      changes: fieldChangesInput()
        .default({})
        .describe('New values by field; only the fields given change. The slug cannot change (it names the file).'),
      unpublish: z
        .boolean()
        .optional()
        .describe('true: take the product off the site (the same as `changes.published: false`).'),
    })
    .strict(),
  output: ProposalOutput,
  async run(args, ctx) {
    const wanted: FieldChanges = { ...(args.changes as FieldChanges) };
    if (args.unpublish) wanted.published = false;
    if (Object.keys(wanted).length === 0)
      throw new ToolError('Nothing to change: give new values in `changes`, or `unpublish: true`.');
    const index = await ctx.catalog();
    const row = index.bySlug.get(args.slug);
    if (!row) throw new ToolError(`No product has the slug "${args.slug}". Use search_products to find it.`);
    const backend = await proposalBackend(ctx);
    const base = await backendCall(() => backend.readBase(row.sourcePath));
    if (!base)
      throw new ToolError(
        `conflict: ${row.sourcePath} no longer exists on the base branch (it was deleted or renamed).`,
      );
    const { parseProductFile } = await import('../../../catalog/load.ts');
    const current = parseProductFile(row.sourcePath, base.text).entry;
    if (!current || !sameProduct(current, row.entry))
      throw new ToolError(
        `conflict: ${row.sourcePath} changed on the base branch since the catalog you read was built (${index.catalog.builtAt.toISOString()}). ` +
          'Nothing was written: read the product again after the next build, then propose the change.',
      );
    const text = editProductFile(base.text, wanted);
    const edited = parseProductFile(row.sourcePath, text);
    if (!edited.entry)
      throw new ToolError(
        `The change would make the file invalid, so nothing was written.\n${formatProblems(edited.problems)}`,
      );
    const changes = fieldChanges(current, edited.entry);
    if (changes.length === 0) throw new ToolError(`Nothing would change: ${row.sourcePath} already has those values.`);
    await countProposal(ctx);
    const composed = composeProposal({
      kind: 'edit',
      slug: args.slug,
      path: row.sourcePath,
      changes,
      email: ctx.admin.email,
    });
    const made = await backendCall(() =>
      backend.create({
        branch: proposalBranch(args.slug),
        path: row.sourcePath,
        text,
        expectBase: base.sha,
        ...composed,
      }),
    );
    return proposalAnswer(made, backend, row.sourcePath, changes);
  },
});
