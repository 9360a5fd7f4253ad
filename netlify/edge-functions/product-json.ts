// Guards /api/products/*: a request whose path is not exactly one slug-shaped segment gets the JSON
// 404 (the same body as the static /api/not-found.json); slug-shaped paths pass through to the
// static files and the 404 rule. Routes live in netlify.toml [[edge_functions]].
import { NOT_FOUND_HEADERS, mayServeProductPath } from '../../src/cdn/product-json.ts';
import { notFoundBody } from '../../src/contract/api.ts';

export default function productJson(request: Request): Response | undefined {
  const url = new URL(request.url);
  if (mayServeProductPath(url.pathname)) return;
  const body = JSON.stringify(notFoundBody(url.origin));
  return new Response(request.method === 'HEAD' ? null : body, { status: 404, headers: NOT_FOUND_HEADERS });
}
