// list_proposals: this catalog's open proposals (branches under catalog/), newest first.
import { z } from 'zod';
import { backendCall, proposalBackend } from './proposing.ts';
import { defineTool } from './tool.ts';

export default defineTool({
  name: 'list_proposals',
  title: 'List open proposals',
  description:
    'Lists this catalog’s open proposals, newest first: branch, pull request address (null on the local stack), title, who proposed it, the state of its checks and its age.',
  annotations: { readOnlyHint: true, openWorldHint: true },
  input: z.object({}).strict(),
  output: z.object({
    proposals: z.array(
      z.object({
        branch: z.string(),
        title: z.string(),
        url: z.string().nullable(),
        number: z.number().int().nullable(),
        proposedBy: z.string().nullable().describe('The admin named in the commit’s Proposed-by trailer.'),
        checks: z
          .enum(['success', 'failure', 'pending', 'none'])
          .describe('The checks on the proposal’s commit: none on the local stack.'),
        createdAt: z.iso.datetime({ offset: true }),
        ageHours: z.number().describe('Hours since it was proposed, rounded to one decimal.'),
      }),
    ),
  }),
  async run(_args, ctx) {
    const backend = await proposalBackend(ctx);
    const now = ctx.now().getTime();
    const proposals = await backendCall(() => backend.list());
    return {
      proposals: proposals.map((p) => ({
        ...p,
        ageHours: Math.round((now - new Date(p.createdAt).getTime()) / 360_000) / 10,
      })),
    };
  },
});
