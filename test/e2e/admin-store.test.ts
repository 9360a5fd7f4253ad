// The admin side's shared store on the local stack: netlify-cli's local Netlify Blobs, found with no
// configuration, and the hourly clean-up function runs against it.
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');

describe('the shared store on the local stack', () => {
  it('is configured with no REDIS_URL: the admin side answers, not 503', async () => {
    expect(inject('stackEnv').REDIS_URL).toBeUndefined();
    const res = await fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(res.status).toBe(401);
  });
  it('the scheduled clean-up (admin-store-cleanup) runs against it without an error', async () => {
    // netlify-cli runs a scheduled function when it is called by name, as Netlify does each hour.
    const res = await fetch(`${base}/.netlify/functions/admin-store-cleanup`, { method: 'POST' });
    expect(res.status).toBeLessThan(300);
  });
});
