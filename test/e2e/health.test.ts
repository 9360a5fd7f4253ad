// /api/health over the local Netlify stack.
import { describe, expect, inject, it } from 'vitest';
import { ApiError, HealthStatus } from '../../src/contract/api.ts';

const base = inject('baseUrl');

describe('/api/health over HTTP', () => {
  it('GET → 200 {"status":"ok"} JSON, no-store', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(HealthStatus.parse(await res.json())).toEqual({ status: 'ok' });
  });

  it('HEAD → 200 without a body', async () => {
    const res = await fetch(`${base}/api/health`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('POST → 405 ApiError with Allow', async () => {
    const res = await fetch(`${base}/api/health`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(ApiError.parse(await res.json()).error.code).toBe('method_not_allowed');
  });
});
