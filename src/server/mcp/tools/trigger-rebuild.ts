// trigger_rebuild: POSTs the Netlify build hook so content changes and due schedules go live.
// Limited separately (5 per hour per admin) on top of the endpoint's request limit.
import { z } from 'zod';
import { limitInWords, REBUILD_LIMIT } from '../../../contract/limits.ts';
import { HOOK_NOT_SET, postBuildHook } from '../../rebuild/build-hook.ts';
import { spendLimit, ToolError, defineTool } from './tool.ts';

export default defineTool({
  name: 'trigger_rebuild',
  title: 'Trigger a rebuild',
  summary:
    'Starts a new production build and deploy through the Netlify build hook in BUILD_HOOK_URL: use it after merging product changes, or when a scheduled product is past due.',
  description: `Starts a new production build and deploy through the Netlify build hook in BUILD_HOOK_URL: use it after merging product changes, or when a scheduled product is past due. Limited to ${limitInWords(REBUILD_LIMIT)} per admin. Fails with a clear message when BUILD_HOOK_URL is not set.`,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: z
    .object({ reason: z.string().trim().min(1).max(200).optional().describe('Shown as the deploy title in Netlify.') })
    .strict(),
  output: z.object({
    triggered: z.literal(true),
    status: z.number().int().describe('HTTP status of the build hook.'),
    at: z.iso.datetime({ offset: true }),
    remainingThisHour: z.number().int().describe('Rebuilds this admin may still trigger in the current hour.'),
  }),
  async run({ reason }, ctx) {
    if (!ctx.buildHookUrl) throw new ToolError(HOOK_NOT_SET); // before the limit is spent
    const limit = await spendLimit(
      ctx.rebuildLimiter,
      ctx,
      (d) => `Rebuild limit reached (${d.limit} per hour). Try again in ${d.retryAfterSeconds} s.`,
    );
    const res = await postBuildHook(ctx.buildHookUrl, `MCP: ${reason ?? 'rebuild'} (${ctx.admin.email})`, ctx.fetch);
    if (!res.ok) throw new ToolError(res.reason);
    return {
      triggered: true as const,
      status: res.status,
      at: ctx.now().toISOString(),
      remainingThisHour: limit.remaining,
    };
  },
});
