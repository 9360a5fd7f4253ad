// Starts a throwaway redis-server (Debian package) on a free loopback port, without persistence,
// for `npm start` and the test stack. Rejects when redis-server is not installed.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './stack.ts';

export interface LocalRedis {
  url: string;
  stop(): Promise<void>;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => {
      s.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    s.once('error', () => resolve(false));
  });
}

export async function startRedis(): Promise<LocalRedis> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('error', (e) =>
      reject(
        new Error(
          `redis-server could not start (${e.message}); install it (apt-get install redis-server) or set REDIS_URL`,
        ),
      ),
    );
    child.once('spawn', () => resolve());
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    if (await ping(port)) return { url: `redis://127.0.0.1:${port}`, stop };
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error('redis-server did not answer in time');
}
