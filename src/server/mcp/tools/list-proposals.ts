// list_proposals: this catalog's open proposals and the browser editor's saves (branches under
// catalog/ and cms/products/), newest first, with how old the answer is (it is kept for a moment,
// src/server/proposals/listing.ts). An editor save names its curator by handle, never the App's account.
import { z } from 'zod';
import { CHECK_STATES, EDITOR_BRANCH_PREFIX } from '../../proposals/backend.ts';
import { LISTING_TTL_MS } from '../../proposals/listing.ts';
import { backendCall, proposalBackend } from './proposing.ts';
import { defineTool } from './tool.ts';

const KEPT_SECONDS = LISTING_TTL_MS / 1000;

export default defineTool({
  name: 'list_proposals',
  title: 'List open proposals',
  summary:
    'Lists this catalog’s open proposals, newest first: branch, pull request address (null on the local stack), title, who proposed it, the state of its checks and its age.',
  description:
    'Lists this catalog’s open proposals, newest first: branch, pull request address (null on the local stack), title, who proposed it, the state of its checks and its age. ' +
    `On GitHub a proposal goes on the curators’ board in the browser editor (branch ${EDITOR_BRANCH_PREFIX}<slug>, in review), or on catalog/<slug>-<id> when a curator already has that branch. ` +
    `The curators’ own saves in the editor are listed too, marked via "editor". ` +
    `The answer is reused for up to ${KEPT_SECONDS} seconds (making or withdrawing a proposal with these tools clears it); fetchedAt and ageSeconds say when it was read.`,
  annotations: { readOnlyHint: true, openWorldHint: true },
  input: z.object({}).strict(),
  output: z.object({
    proposals: z.array(
      z.object({
        branch: z.string(),
        title: z.string(),
        url: z.string().nullable(),
        number: z.number().int().nullable(),
        via: z
          .enum(['mcp', 'editor'])
          .describe(
            'mcp: made with these tools (or by the watchers); editor: a save in the curators’ browser editor at /admin.',
          ),
        proposedBy: z
          .string()
          .nullable()
          .describe(
            'Who proposed it. A proposal names its admin on the first line of the pull request’s body (on the local stack, in the commit’s Proposed-by trailer); an editor save names the handle of the curator who saved it last (the Saved-by trailer of its head commit), never a GitHub account. Null when not known.',
          ),
        checks: z
          .enum(CHECK_STATES)
          .describe(
            'The checks on the proposal’s commit (the GitHub Actions runs of its pull request): success (all passed), failure (any failed), pending (some still running), none (none ran; always none on the local stack), unknown (not read: the GitHub token lacks Actions: Read, or the commit’s runs are older than the 200 newest pull-request runs).',
          ),
        createdAt: z.iso.datetime({ offset: true }),
        ageHours: z.number().describe('Hours since it was proposed, rounded to one decimal.'),
      }),
    ),
    fetchedAt: z.iso
      .datetime({ offset: true })
      .describe(
        `When this list was read from GitHub (or the local repository); a list is reused for up to ${KEPT_SECONDS} seconds.`,
      ),
    ageSeconds: z.number().int().min(0).describe('Whole seconds since fetchedAt: how old this list is.'),
    notes: z
      .array(z.string())
      .describe('What the list cannot say, in words (e.g. an editor save whose curator is not known).'),
  }),
  async run(_args, ctx) {
    const backend = await proposalBackend(ctx);
    const now = ctx.now().getTime();
    const listing = await backendCall(() => backend.list());
    return {
      proposals: listing.proposals.map((p) => ({
        ...p,
        ageHours: Math.round((now - new Date(p.createdAt).getTime()) / 360_000) / 10,
      })),
      fetchedAt: listing.fetchedAt,
      ageSeconds: listing.ageSeconds,
      notes: listing.proposals.some((p) => p.via === 'editor' && p.proposedBy === null)
        ? [
            'Some saves of the browser editor name no curator: their head commit has no Saved-by trailer (it was not made through the site’s git gateway), or was not read (a listing reads the newest 30).',
          ]
        : [],
    };
  },
});
