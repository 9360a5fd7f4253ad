// The Redis client of the shared store: fails fast (no offline queue, short connect and command
// timeouts) so a slow or absent Redis fails closed, or hands limits to the insurance limiter, at once.
// ioredis is loaded when a Redis store is first made, not with the module: a function on Netlify
// Blobs (the default) starts without it (about 0.4 s of each cold start on a busy 2-core machine).
import type { Redis } from 'ioredis';

export async function createRedisClient(url: string, onError: (err: Error) => void = () => {}): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    enableOfflineQueue: false,
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    // Keep trying to reconnect in the background, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  // Without a listener ioredis reports every failed reconnect as an unhandled error event.
  client.on('error', onError);
  return client;
}
