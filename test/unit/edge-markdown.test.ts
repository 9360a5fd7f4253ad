// The Markdown edge function's own logic, called with `new Request(…)`, a context whose next()
// stands for the static page, and a stubbed global fetch (the CDN it reads twins from): it fetches
// only from the request's origin, never for a path that starts with `//`, and a failed fetch
// leaves the request to the HTML page. The same paths are tested over HTTP in the e2e suite.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import markdown from '../../netlify/edge-functions/markdown.ts';

const ORIGIN = 'https://catalog.example';
let fetched: string[];
let twin: (url: string) => Promise<Response>;
let nextCalls: number;
let page: Response;

beforeEach(() => {
  fetched = [];
  nextCalls = 0;
  page = new Response('<!doctype html><title>page</title>', { status: 200, headers: { 'content-type': 'text/html' } });
  twin = async () => new Response('# About\n', { status: 200 });
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    const url = input instanceof Request ? input.url : String(input);
    fetched.push(url);
    return twin(url);
  });
});
afterEach(() => vi.unstubAllGlobals());

const context = {
  next: async () => {
    nextCalls++;
    return page;
  },
};

const call = (path: string, accept = 'text/markdown', method = 'GET') =>
  markdown(new Request(`${ORIGIN}${path}`, { method, headers: { accept } }), context);

describe('twin URLs come from the request origin', () => {
  it('a page with Accept: text/markdown gets its twin, read from the same origin', async () => {
    const res = await call('/about');
    expect(fetched).toEqual([`${ORIGIN}/about.md`]);
    expect(res!.status).toBe(200);
    expect(res!.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res!.headers.get('link')).toBe(`<${ORIGIN}/about>; rel="canonical"`);
    expect(await res!.text()).toBe('# About\n');
  });

  it('the HTML spellings of a page read the same twin', async () => {
    await call('/about.html');
    await call('/index.html');
    expect(fetched).toEqual([`${ORIGIN}/about.md`, `${ORIGIN}/index.md`]);
  });

  it.each([
    '//evil.example/x',
    '//evil.example',
    '///evil.example/x',
    '/\\evil.example/x',
    '/\\/evil.example/x',
    '//evil.example/x.html',
    '//evil.example/index.html',
    '//',
  ])('%s is no page: nothing fetched, nothing answered (Netlify’s rules answer it)', async (path) => {
    expect(new URL(`${ORIGIN}${path}`).pathname.startsWith('//')).toBe(true);
    for (const accept of ['text/markdown', 'text/plain', 'text/html']) {
      expect(await call(path, accept)).toBeUndefined();
    }
    expect(fetched).toEqual([]);
    expect(nextCalls).toBe(0);
  });

  it('any path: every fetch stays on the origin and every URL the answer names is on it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.webPath(),
          fc.stringMatching(/^[/\\][/\\a-z.%2Ff:@?#-]{0,30}$/),
          fc.constantFrom('//evil.example/about', '/%2F%2Fevil.example', '/@evil.example', '/:@evil.example/x'),
        ),
        fc.constantFrom(404, 200),
        async (path, twinStatus) => {
          fetched = [];
          twin = async () => new Response(twinStatus === 200 ? '# T\n' : 'no', { status: twinStatus });
          let res: Response | undefined;
          try {
            res = await call(path.startsWith('/') || path.startsWith('\\') ? path : `/${path}`);
          } catch (err) {
            throw new Error(`threw for ${JSON.stringify(path)}`, { cause: err });
          }
          for (const u of fetched) expect(new URL(u).origin).toBe(ORIGIN);
          if (res) {
            const text = await res.text();
            for (const link of text.matchAll(/\]\((https?:\/\/[^/)]+)/g)) expect(link[1]).toBe(ORIGIN);
            const canonical = res.headers.get('link');
            if (canonical) expect(canonical.startsWith(`<${ORIGIN}/`)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a twin that cannot be read leaves the request to the HTML page', () => {
  it('a fetch that rejects', async () => {
    twin = async () => {
      throw new TypeError('fetch failed');
    };
    expect(await call('/about')).toBeUndefined();
  });

  it('a body that fails while streaming', async () => {
    twin = async () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.error(new Error('connection reset'));
          },
        }),
        { status: 200 },
      );
    expect(await call('/about')).toBeUndefined();
  });

  it('a 5xx', async () => {
    twin = async () => new Response('oops', { status: 502 });
    expect(await call('/about')).toBeUndefined();
  });

  it('a 404 twin is the Markdown 404 naming the path, with links on this site', async () => {
    twin = async () => new Response('not found', { status: 404 });
    const res = await call('/no-such-page');
    expect(res!.status).toBe(404);
    const text = await res!.text();
    expect(text).toContain('`/no-such-page`');
    expect(text).toContain(`(${ORIGIN}/llms.txt)`);
    expect(text).toContain(`(${ORIGIN}/sitemap.xml)`);
  });
});

describe('HTML requests', () => {
  it('pass the static page through untouched', async () => {
    const res = await call('/about', 'text/html');
    expect(res).toBe(page);
    expect(fetched).toEqual([]);
  });

  it('a missing page is the 404 naming the path, links on this site', async () => {
    page = new Response('gone', { status: 404 });
    const res = await call('/nope', 'text/html');
    expect(res!.status).toBe(404);
    expect(res!.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res!.text()).toContain(`(${ORIGIN}/llms.txt)`);
  });

  it('other methods pass through', async () => {
    expect(await call('/about', 'text/markdown', 'POST')).toBeUndefined();
    expect(fetched).toEqual([]);
  });
});

describe('validators for negotiated Markdown', () => {
  const withHeaders = (path: string, headers: Record<string, string>, method = 'GET') =>
    markdown(new Request(`${ORIGIN}${path}`, { method, headers }), context);

  it('carries a strong ETag, the same on GET and HEAD, different per label and per text', async () => {
    const get = await call('/about');
    const head = await call('/about', 'text/markdown', 'HEAD');
    const plain = await call('/about', 'text/plain');
    const etag = get!.headers.get('etag')!;
    expect(etag).toMatch(/^"markdown-[A-Za-z0-9_-]{27}"$/);
    expect(head!.headers.get('etag')).toBe(etag);
    expect(plain!.headers.get('etag')).toMatch(/^"plain-/);
    twin = async () => new Response('# About, edited\n', { status: 200 });
    expect((await call('/about'))!.headers.get('etag')).not.toBe(etag);
  });

  it.each([
    ['the tag itself', (t: string) => t],
    ['the tag among others', (t: string) => `"x", ${t}, "y"`],
    ['the weak form of the tag', (t: string) => `W/${t}`],
    ['*', () => '*'],
  ])('If-None-Match with %s answers 304 with the validators and no body', async (_name, header) => {
    const etag = (await call('/about'))!.headers.get('etag')!;
    for (const method of ['GET', 'HEAD']) {
      const res = await withHeaders('/about', { accept: 'text/markdown', 'if-none-match': header(etag) }, method);
      expect(res!.status).toBe(304);
      expect(res!.headers.get('etag')).toBe(etag);
      expect(res!.headers.get('vary')).toBe('Accept');
      expect(res!.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(await res!.text()).toBe('');
    }
  });

  it('a stale or foreign tag gets the whole text', async () => {
    const plainTag = (await call('/about', 'text/plain'))!.headers.get('etag')!;
    for (const header of ['"markdown-stale"', plainTag]) {
      const res = await withHeaders('/about', { accept: 'text/markdown', 'if-none-match': header });
      expect(res!.status).toBe(200);
      expect(await res!.text()).toBe('# About\n');
    }
  });

  it('an HTML request keeps the static page and its own validators untouched', async () => {
    page = new Response('<!doctype html>', { status: 200, headers: { etag: '"html-1"' } });
    const res = await withHeaders('/about', { accept: 'text/html', 'if-none-match': '"html-1"' });
    expect(res).toBe(page);
    expect(fetched).toEqual([]);
  });
});

// Production runs this function on every page path, including ones whose escapes decode to no text
// (docs/cdn.md, "Malformed paths"): it must answer them, never throw (a throw is a 5xx on Netlify).
describe('paths whose percent-escapes do not decode', () => {
  const MALFORMED = ['/products/%ff', '/products/%', '/products/%e0%a4', '/products/%00', '/%ff', '/ages/%e0%a4/books'];

  it.each(MALFORMED)('%s: an HTML request with no page gets the 404 naming the path as asked', async (path) => {
    page = new Response('Not found', { status: 404 });
    const res = await call(path, 'text/html');
    expect(res!.status).toBe(404);
    expect(res!.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res!.text()).toContain(`Nothing is published at \`${new URL(path, ORIGIN).pathname}\`.`);
  });

  it.each(MALFORMED)('%s: a Markdown request whose twin is missing gets the Markdown 404', async (path) => {
    twin = async () => new Response('Not found', { status: 404 });
    const res = await call(path, 'text/markdown');
    expect(fetched).toEqual([`${ORIGIN}${new URL(path, ORIGIN).pathname}.md`]);
    expect(res!.status).toBe(404);
    expect(res!.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  it('no run of escapes, valid or not, makes it throw', async () => {
    page = new Response('Not found', { status: 404 });
    twin = async () => new Response('Not found', { status: 404 });
    const escape = fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`);
    const piece = fc.oneof(escape, fc.constantFrom('%', '%f', '%zz', '/', 'a', '.md', '.html'));
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 12 }),
        fc.constantFrom('text/html', 'text/markdown'),
        async (parts, accept) => {
          const res = await call(`/${parts.join('')}`, accept);
          if (res) expect([200, 404]).toContain(res.status);
        },
      ),
    );
  });
});
