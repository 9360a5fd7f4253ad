// What the write tools share: the proposal backend (or `not_configured`), the per-admin proposal
// limit, a backend's failure as a tool error an assistant can act on, and the product a proposal
// starts from, checked against the catalog the admin read.
import { isDeepStrictEqual } from 'node:util';
import { limitInWords, PROPOSAL_LIMIT } from '../../../contract/limits.ts';
import type { CatalogEntry } from '../../../catalog/schema.ts';
import { ProposalError } from '../../proposals/backend.ts';
import type { ListedBackend } from '../../proposals/listing.ts';
import { spendLimit, ToolError, type ToolContext } from './tool.ts';

/** The backend, or a `not_configured` tool error naming what to set. */
export async function proposalBackend(ctx: ToolContext): Promise<ListedBackend> {
  if (!ctx.proposals.ok) throw new ToolError(`not_configured: proposals need ${ctx.proposals.missing}.`);
  return ctx.proposals.backend();
}

/** Counts one proposal against the admin's limit, or refuses with the time to wait. */
export async function countProposal(ctx: ToolContext): Promise<void> {
  const limiter = ctx.proposalLimiter;
  await spendLimit(
    limiter,
    ctx,
    (d) =>
      `rate_limited: at most ${limitInWords({ ...PROPOSAL_LIMIT, points: limiter.points }, 'proposals')} per admin. ` +
      `Try again in ${d.retryAfterSeconds} s.`,
  );
}

/** Runs a backend call; its failure becomes a tool error with its code and message. */
export async function backendCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProposalError) {
      const wait = err.retryAfterSeconds === undefined ? '' : ` Retry after ${err.retryAfterSeconds} s.`;
      throw new ToolError(`${err.code}: ${err.message}${wait}`);
    }
    throw err;
  }
}

/** An entry as JSON would carry it (dates as strings), for comparing parses of two texts. */
const plain = (e: CatalogEntry) => JSON.parse(JSON.stringify({ data: e.data, description: e.description })) as unknown;

/** Whether the base branch's file says what the catalog the admin read says. */
export const sameProduct = (a: CatalogEntry, b: CatalogEntry) => isDeepStrictEqual(plain(a), plain(b));
