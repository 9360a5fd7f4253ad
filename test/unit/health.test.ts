// GET/HEAD /api/health → 200 {"status":"ok"}; anything else → 405 ApiError with Allow.
import { describe, expect, it } from 'vitest';
import { handleHealth } from '../../src/server/health.ts';
import { ApiError, HealthStatus } from '../../src/contract/api.ts';

const URL_HEALTH = 'http://catalog.test/api/health';

describe('/api/health', () => {
  it('GET → 200 {"status":"ok"}, JSON, no-store', async () => {
    const res = await handleHealth(new Request(URL_HEALTH));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(HealthStatus.parse(await res.json())).toEqual({ status: 'ok' });
  });

  it('HEAD → 200 with the same headers and no body', async () => {
    const res = await handleHealth(new Request(URL_HEALTH, { method: 'HEAD' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s → 405 ApiError with Allow', async (method) => {
    const res = await handleHealth(new Request(URL_HEALTH, { method }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(ApiError.parse(await res.json()).error.code).toBe('method_not_allowed');
  });
});
