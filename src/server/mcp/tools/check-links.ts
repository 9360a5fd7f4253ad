// check_links: checks the product and image links of chosen products (or given URLs) and reports
// the broken and refused ones.
import { z } from 'zod';
import { Slug } from '../../../catalog/schema.ts';
import { checkLinks } from '../links.ts';
import { linkKey } from '../link-moved.ts';
import { StatusSchema } from '../schemas.ts';
import { ToolError, defineTool, paging } from './tool.ts';

const LinkIssue = z.object({
  slug: z.string().nullable().describe('The product, or null for a URL given directly.'),
  field: z.enum(['url', 'imageUrl', 'input']),
  url: z.string(),
  outcome: z
    .enum(['broken', 'moved', 'unknown', 'refused', 'not_checked'])
    .describe(
      'broken: error status, timeout, unreachable or unresolvable; moved: answers, but only after redirecting to the shop’s home page, another product of the catalog, or a page whose address shares no word with the link’s (an affiliate redirect that ends on the product is fine); unknown: 401, 403, 429 or 503 (a sign-in, bot wall, rate limit or maintenance: says nothing about the page); refused: a special-purpose address (loopback, private, link-local, …) or not http(s); not_checked: time budget used up, or the shop asked to wait (Retry-After).',
    ),
  status: z.number().int().nullable().describe('Last HTTP status, or null when no response came.'),
  method: z.enum(['HEAD', 'GET']).nullable(),
  reason: z.string().nullable(),
  finalUrl: z.string().nullable().describe('Where the redirects ended (the last address requested), or null.'),
});

export default defineTool({
  name: 'check_links',
  title: 'Check product links',
  summary:
    'Checks product links (`url`) and image links (`imageUrl`, site paths resolved against the site URL): HEAD, then GET when HEAD fails; redirects followed; a timeout per request; a few requests at a time.',
  description:
    'Checks product links (`url`) and image links (`imageUrl`, site paths resolved against the site URL): HEAD, then GET when HEAD fails; redirects followed; a timeout per request; a few requests at a time, at most two to one host, a 429’s Retry-After honoured; the User-Agent names the site. 401/403/429/503 count as unknown, a redirect to the shop’s home page or another product as moved. Targets on loopback, private, link-local or any other special-purpose address (IANA registries, NAT64 and 6to4 included) are refused and never connected to: the address is checked when each connection is made, on every redirect hop. Choose products by `slugs`, or by `status` and paging (ordered by slug); `urls` checks extra links directly. Reports only the links that are not OK.',
  annotations: { readOnlyHint: true, openWorldHint: true },
  input: z
    .object({
      slugs: z.array(Slug).max(100).optional().describe('Check these products (instead of a page of the catalog).'),
      urls: z.array(z.string().max(2000)).max(50).optional().describe('Check these links as well.'),
      status: StatusSchema.optional().describe('With no `slugs`: only products with this status.'),
      fields: z
        .array(z.enum(['url', 'imageUrl']))
        .min(1)
        .max(2)
        .default(['url', 'imageUrl'])
        .describe('Which links of each product to check.'),
      ...paging(25, 100),
    })
    .strict(),
  output: z.object({
    productsChecked: z.number().int(),
    linksChecked: z.number().int(),
    ok: z.number().int(),
    broken: z.number().int(),
    moved: z.number().int(),
    unknown: z.number().int(),
    refused: z.number().int(),
    notChecked: z.number().int(),
    issues: z.array(LinkIssue).describe('Every link that is not OK.'),
  }),
  async run(args, ctx) {
    const index = await ctx.catalog();
    let rows = index.rows;
    if (args.slugs) {
      const unknown = args.slugs.filter((s) => !index.bySlug.has(s));
      if (unknown.length) throw new ToolError(`Unknown slug${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
      rows = args.slugs.map((s) => index.bySlug.get(s)!);
    } else if (args.urls && args.status === undefined) {
      rows = [];
    } else {
      rows = (args.status ? rows.filter((r) => r.status === args.status) : rows).slice(
        args.offset,
        args.offset + args.limit,
      );
    }
    const targets: { slug: string | null; field: 'url' | 'imageUrl' | 'input'; url: string }[] = [];
    for (const r of rows) {
      for (const field of args.fields) {
        const url = r.product[field];
        if (url !== null) targets.push({ slug: r.slug, field, url });
      }
    }
    for (const url of args.urls ?? []) targets.push({ slug: null, field: 'input', url });
    // A redirect to another product's link is a move: the catalog's links, read only when products are checked.
    const otherLinks = rows.length
      ? new Set(index.rows.map((r) => linkKey(r.product.url)).filter((k): k is string => k !== null))
      : undefined;
    const results = await checkLinks(
      targets.map((t) => t.url),
      ctx.links,
      undefined,
      otherLinks ? { otherLinks } : {},
    );
    const count = (o: string) => results.filter((r) => r.outcome === o).length;
    return {
      productsChecked: rows.length,
      linksChecked: results.length,
      ok: count('ok'),
      broken: count('broken'),
      moved: count('moved'),
      unknown: count('unknown'),
      refused: count('refused'),
      notChecked: count('not_checked'),
      issues: results.flatMap((r, i) =>
        r.outcome === 'ok'
          ? []
          : [
              {
                ...targets[i]!,
                outcome: r.outcome,
                status: r.status,
                method: r.method,
                reason: r.reason,
                finalUrl: r.finalUrl,
              },
            ],
      ),
    };
  },
});
