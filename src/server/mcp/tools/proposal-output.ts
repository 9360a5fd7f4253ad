// The answer of the tools that make a proposal: where it is (branch, pull request), which file,
// and the fields it changes.
import { z } from 'zod';
import { FIELDS } from '../../../catalog/schema.ts';
import type { Proposal, ProposalBackend } from '../../proposals/backend.ts';
import type { FieldChange } from '../../proposals/compose.ts';

const FIELD_KEYS = FIELDS.map((f) => f.key) as [string, ...string[]];

export const ProposalOutput = z.object({
  branch: z
    .string()
    .describe(
      'The proposal’s branch: `cms/products/<slug>` (on the curators’ board in the browser editor), or `catalog/<slug>-<id>` (a curator already has that branch, or the local stack).',
    ),
  url: z.string().nullable().describe('The pull request, or null on the local stack (a branch of the checkout).'),
  number: z.number().int().nullable().describe('The pull request’s number, or null on the local stack.'),
  path: z.string().describe('The product file the proposal writes.'),
  changes: z
    .array(z.object({ field: z.enum(FIELD_KEYS), before: z.string().nullable(), after: z.string().nullable() }))
    .describe('Every field that changes, as text: before → after.'),
  message: z.string().describe('What was done, in a sentence or two.'),
  notes: z
    .array(z.string())
    .optional()
    .describe('What did not go as planned (a label or reviewer GitHub refused, the board’s branch taken).'),
});

export function proposalAnswer(
  made: Proposal,
  backend: Pick<ProposalBackend, 'describe'>,
  path: string,
  changes: FieldChange[],
) {
  return {
    branch: made.branch,
    url: made.url,
    number: made.number,
    path,
    changes,
    message:
      made.url === null
        ? `Proposal on branch ${made.branch} in ${backend.describe}: review and merge it with git.`
        : `Pull request #${made.number} (${made.url}) from branch ${made.branch}${made.branch.startsWith('cms/') ? ', in review on the curators’ board in the browser editor' : ''}: it publishes nothing until a curator publishes it.`,
    ...(made.notes?.length ? { notes: made.notes } : {}),
  };
}
