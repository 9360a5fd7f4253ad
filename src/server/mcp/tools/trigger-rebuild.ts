// trigger_rebuild: POSTs the Netlify build hook so content changes and due schedules go live.
// Limited separately (5 per hour per admin) on top of the endpoint's request limit.
import { z } from 'zod';
import { limitInWords, REBUILD_LIMIT } from '../../../contract/limits.ts';
import { ToolError, defineTool } from './tool.ts';

export default defineTool({
  name: 'trigger_rebuild',
  title: 'Trigger a rebuild',
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
    if (!ctx.buildHookUrl) {
      throw new ToolError(
        'BUILD_HOOK_URL is not set. Create a build hook in Netlify (Site configuration → Build & deploy → Build hooks) and set its URL as BUILD_HOOK_URL in the site environment.',
      );
    }
    const limit = await ctx.rebuildLimiter.consume(ctx.admin.sub);
    if (!limit.allowed)
      throw new ToolError(
        `Rebuild limit reached (${limit.limit} per hour). Try again in ${limit.retryAfterSeconds} s.`,
      );
    let hook: URL;
    try {
      hook = new URL(ctx.buildHookUrl);
    } catch {
      throw new ToolError('BUILD_HOOK_URL is not a valid URL.');
    }
    hook.searchParams.set('trigger_title', `MCP: ${reason ?? 'rebuild'} (${ctx.admin.email})`);
    let res: Response;
    try {
      res = await ctx.fetch(hook, { method: 'POST', signal: AbortSignal.timeout(10_000) });
      await res.body?.cancel().catch(() => {});
    } catch (err) {
      throw new ToolError(`The build hook could not be reached: ${err instanceof Error ? err.message : String(err)}.`);
    }
    if (!res.ok) throw new ToolError(`The build hook answered HTTP ${res.status}; check BUILD_HOOK_URL.`);
    return {
      triggered: true as const,
      status: res.status,
      at: ctx.now().toISOString(),
      remainingThisHour: limit.remaining,
    };
  },
});
