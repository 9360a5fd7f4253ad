// propose_product: a new product, from fields, as a proposal: a branch with one commit adding its
// file and (on GitHub) a pull request on the curators' board. The file is written and checked exactly as draft_product
// writes it; an invalid or clashing product writes nothing.
import { formatProblems } from '../../../catalog/problems.ts';
import { newProductFile, slugFromName, type NewProductFields } from '../../../catalog/product-file.ts';
import { Slug } from '../../../catalog/schema.ts';
import { limitInWords, PROPOSAL_LIMIT } from '../../../contract/limits.ts';
import { composeProposal, fieldChanges, proposalBranch } from '../../proposals/compose.ts';
import { newProductToolInput } from './draft-product.ts';
import { backendCall, countProposal, proposalBackend } from './proposing.ts';
import { ProposalOutput, proposalAnswer } from './proposal-output.ts';
import { ToolError, defineTool } from './tool.ts';
import { PRODUCTS_DIR } from '../../../catalog/content-paths.ts';

export default defineTool({
  name: 'propose_product',
  title: 'Propose a new product',
  summary:
    'Proposes a new product for review: writes its file (every field, as draft_product writes it) on a new branch with one commit, and opens a pull request on GitHub, on the curators’ board in the browser editor (branch `cms/products/<slug>`, or `catalog/<slug>-<id>` when a curator already has that one; on the local stack: a branch `catalog/<slug>-<id>` of the checkout).',
  description:
    'Proposes a new product for review: writes its file (every field, as draft_product writes it) on a new branch with one commit, and opens a pull request on GitHub, on the curators’ board in the browser editor (branch `cms/products/<slug>`, or `catalog/<slug>-<id>` when a curator already has that one; on the local stack: a branch `catalog/<slug>-<id>` of the checkout). The file is checked with the build’s own parser first; an invalid product, or a slug that is taken, writes nothing. Nothing is published until a curator merges the proposal. ' +
    `At most ${limitInWords(PROPOSAL_LIMIT, 'proposals')} per admin.`,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: newProductToolInput.extend({
    slug: Slug.optional().describe('The slug; made from the name when omitted. It must not be taken.'),
  }),
  output: ProposalOutput,
  async run(input, ctx) {
    const args = input as NewProductFields;
    const slug = args.slug ?? slugFromName(args.name);
    if (!slug) throw new ToolError(`Cannot make a slug from the name "${args.name}": give one in \`slug\`.`);
    const { parseProductFile } = await import('../../../catalog/load.ts');
    const path = `${PRODUCTS_DIR}/${slug}.md`;
    const taken = (await ctx.catalog()).bySlug.get(slug);
    if (taken)
      throw new ToolError(
        `conflict: a product already has the slug ${slug} (${taken.sourcePath}): propose an edit of it with propose_edit, or give this product another slug.`,
      );
    const text = newProductFile(args, slug);
    const parsed = parseProductFile(path, text);
    if (!parsed.entry)
      throw new ToolError(`The product is not valid, so nothing was written.\n${formatProblems(parsed.problems)}`);
    const backend = await proposalBackend(ctx);
    if (await backendCall(() => backend.readBase(path)))
      throw new ToolError(`conflict: ${path} already exists on the base branch (newer than the catalog you read).`);
    await countProposal(ctx);
    const changes = fieldChanges(null, parsed.entry);
    const composed = composeProposal({ kind: 'new', slug, path, changes, email: ctx.admin.email });
    const made = await backendCall(() =>
      backend.create({ branch: proposalBranch(slug), path, text, expectBase: null, ...composed }),
    );
    return proposalAnswer(made, backend, path, changes);
  },
});
