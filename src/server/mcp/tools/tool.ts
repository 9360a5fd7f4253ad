// What an admin tool is: a name, a summary for the public contract, a description, zod input and
// output schemas, hints, and a
// function from validated input to structured output. The server registers these.
import { z } from 'zod';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { AdminIdentity } from '../../auth/tokens.ts';
import type { AdminIndex } from '../../admin-catalog/admin-index.ts';
import type { LimitDecision, RateLimiter } from '../../rate-limit/limiter.ts';
import type { LinkPolicy } from '../links.ts';
import type { ProposalsChoice } from '../../proposals/choose.ts';
import type { RecordStore } from '../../store/shared-store.ts';
import type { Curations } from '../../watch/curations.ts';

/** What the tools may read of the watchers (src/server/watch/). */
export interface WatchAccess {
  /** The shared store the watchers keep their findings in, or null when there is none. */
  records(): RecordStore | null;
  /** content/recall-watch.yml as deployed (aliases and dismissals). */
  curations(): Promise<Curations>;
  /** WATCHERS_PAUSED. */
  paused: boolean;
}

export interface ToolContext {
  admin: AdminIdentity;
  /** The admin catalog, loaded on first use. */
  catalog(): Promise<AdminIndex>;
  now(): Date;
  fetch: typeof fetch;
  buildHookUrl: string | undefined;
  rebuildLimiter: RateLimiter;
  links: LinkPolicy;
  /** Where proposals go (GitHub, or the local checkout), or what is missing for them. */
  proposals: ProposalsChoice;
  /** The proposals one admin may open (src/contract/limits.ts). */
  proposalLimiter: RateLimiter;
  watch: WatchAccess;
}

export interface ToolDef<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /**
   * What the public contract says of the tool: one sentence that openapi.json quotes in the
   * `POST /api/mcp` description. Changing it changes the contract (test/unit/openapi.test.ts shows
   * the difference against the reviewed copy); `description`, which clients read, may be reworded freely.
   */
  summary: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /** Returns the structured result; throws ToolError for a failure the caller should read. */
  run(args: z.output<I>, ctx: ToolContext): Promise<z.input<O>>;
}

/** A failure reported to the client as a tool result with `isError: true`. */
export class ToolError extends Error {}

/**
 * Spends one of the admin's allowance on `limiter`: the decision when allowed; otherwise a tool
 * error, `refused`'s words when the limit is reached, or `unavailable: …` when the store could not
 * count (an outage, not the admin's allowance).
 */
export async function spendLimit(
  limiter: RateLimiter,
  ctx: ToolContext,
  refused: (d: LimitDecision) => string,
): Promise<LimitDecision> {
  const d = await limiter.consume(ctx.admin.sub);
  if (d.unavailable)
    throw new ToolError(
      `unavailable: the admin store could not be reached, so nothing was done. Try again in ${d.retryAfterSeconds} s.`,
    );
  if (!d.allowed) throw new ToolError(refused(d));
  return d;
}

/** Keeps each definition's input and output types linked while listing them together. */
export const defineTool = <I extends z.ZodObject, O extends z.ZodObject>(def: ToolDef<I, O>): ToolDef =>
  def as unknown as ToolDef;

/** Paging inputs shared by the list tools. */
export const paging = (defaultLimit: number, maxLimit: number) => ({
  offset: z.number().int().min(0).default(0).describe('How many results to skip.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(maxLimit)
    .default(defaultLimit)
    .describe(`How many results to return (1–${maxLimit}, default ${defaultLimit}).`),
});

/** The JSON text content item that accompanies every structured result. */
export const asText = (value: unknown) => JSON.stringify(value);
