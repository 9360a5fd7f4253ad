export default async (request: Request) => {
  const accept = request.headers.get('accept') ?? '';
  if (!accept.includes('text/markdown')) return;
  const url = new URL(request.url);
  const twin = url.pathname === '/' ? '/index.md' : `${url.pathname}.md`;
  const res = await fetch(new URL(twin, url));
  return new Response(res.body, { status: res.status, headers: { 'content-type': 'text/markdown; charset=utf-8', vary: 'Accept' } });
};
