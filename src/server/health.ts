// GET/HEAD /api/health: 200 {"status":"ok"} when the function can serve traffic. No catalog data.
export async function handleHealth(request: Request): Promise<Response> {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'access-control-allow-origin': '*' };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(JSON.stringify({ error: { code: 'method_not_allowed', message: `${request.method} is not allowed on /api/health.`, hint: 'Use GET.' } }), {
      status: 405,
      headers: { ...headers, allow: 'GET, HEAD' },
    });
  }
  return new Response(request.method === 'HEAD' ? null : '{"status":"ok"}', { status: 200, headers });
}
