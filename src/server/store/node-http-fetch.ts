// The fetch the Netlify Blobs client is given (./blobs.ts): its requests go through node:http and
// node:https instead of Node's built-in fetch. Why: the first built-in fetch of a process sets up
// undici's dispatcher and compiles its HTTP parser from WebAssembly, ~40 ms that every cold MCP
// request paid for its rate-limit check (docs/bench.md); node:http's parser is native and loaded
// with Node. The store's answers are small (a key list, a "1"), so each body is read whole before
// it is handed back as a standard Response. A request this adapter does not carry (a Request
// object, a streamed body) goes to the built-in fetch unchanged. node:http itself is imported at
// the first request, so answers that never reach the store (a 401, a preflight) do not load it.

/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

export const nodeHttpFetch: typeof fetch = async (input, init = {}) => {
  const { body } = init;
  const carried = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
  if (input instanceof Request || !carried) return fetch(input, init);
  const url = new URL(String(input));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fetch(input, init);
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = Object.fromEntries(new Headers(init.headers));
  const { request: send } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise<Response>((resolve, reject) => {
    const request = send(url, { method, headers, ...(init.signal ? { signal: init.signal } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const answer = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
          answer.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const content = NO_BODY.has(status) || method === 'HEAD' ? null : Buffer.concat(chunks);
        resolve(new Response(content, { status, statusText: res.statusMessage ?? '', headers: answer }));
      });
    });
    request.on('error', reject);
    request.end(body ?? undefined);
  });
};
