// withdraw_proposal: closes one proposal or browser-editor save (its pull request) and deletes its branch.
import { z } from 'zod';
import { EDITOR_BRANCH_PREFIX, WITHDRAWABLE_BRANCH } from '../../proposals/backend.ts';
import { backendCall, proposalBackend } from './proposing.ts';
import { defineTool } from './tool.ts';

export default defineTool({
  name: 'withdraw_proposal',
  title: 'Withdraw a proposal',
  summary: 'Withdraws one proposal: closes its pull request (on GitHub) and deletes its branch.',
  description: `Withdraws one proposal: closes its pull request (on GitHub) and deletes its branch. Only proposal branches (\`catalog/…\`) and the browser editor’s branches (\`${EDITOR_BRANCH_PREFIX}…\`: a curator’s save, or a proposal on the board) can be withdrawn.`,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: z
    .object({
      branch: z
        .string()
        .regex(WITHDRAWABLE_BRANCH)
        .max(250)
        .describe(
          `The proposal’s branch, \`catalog/<slug>-<id>\` or \`${EDITOR_BRANCH_PREFIX}<slug>\` (on the board), or an editor save’s, \`${EDITOR_BRANCH_PREFIX}<slug>\`.`,
        ),
    })
    .strict(),
  output: z.object({ branch: z.string(), withdrawn: z.literal(true) }),
  async run({ branch }, ctx) {
    const backend = await proposalBackend(ctx);
    await backendCall(() => backend.withdraw(branch));
    return { branch, withdrawn: true as const };
  },
});
