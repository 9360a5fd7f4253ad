// Runs `npm run new-product` as a curator would (a child process on this Node), writing into `dir`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `args` are passed as written; use `--name=…` for values that start with a dash. */
export function runNewProduct(dir: string, args: string[], input = '') {
  const res = spawnSync(process.execPath, ['scripts/new-product.ts', '--dir', dir, ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    env: { ...process.env, CATALOG_CONTENT_DIR: dir },
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}
