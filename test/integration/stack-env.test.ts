// The environment every stack, build and `npm test` lane gets (scripts/lib/stack.ts, netlifyEnv):
// the project's Node finds its compile cache there and keeps each module's code in it, so the next
// process that loads the module starts from that code.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileCache, netlifyEnv, ROOT } from '../../scripts/lib/stack.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'stack-env-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the stacks’ environment', () => {
  it('turns on Node’s compile cache, in the system’s temporary folder unless NODE_COMPILE_CACHE names one', () => {
    const saved = process.env.NODE_COMPILE_CACHE;
    delete process.env.NODE_COMPILE_CACHE;
    try {
      expect(netlifyEnv().NODE_COMPILE_CACHE).toBe(path.join(tmpdir(), 'little-hands-catalog-node-compile-cache'));
      process.env.NODE_COMPILE_CACHE = scratch;
      expect(compileCache()).toBe(scratch);
      const env = netlifyEnv();
      // The Node that environment finds first on its PATH (the project's pinned one) uses the folder
      // and writes a module's code there.
      const said = execFileSync(
        'node',
        [
          '--input-type=module',
          '-e',
          "import m from 'node:module'; await import('./src/catalog/ages.ts'); console.log(m.getCompileCacheDir())",
        ],
        { cwd: ROOT, env, encoding: 'utf8' },
      ).trim();
      expect(said, 'the Node on the environment’s PATH ignores the compile cache').not.toBe('undefined');
      expect(said.startsWith(scratch)).toBe(true);
      expect(readdirSync(said).length).toBeGreaterThan(0);
    } finally {
      if (saved === undefined) delete process.env.NODE_COMPILE_CACHE;
      else process.env.NODE_COMPILE_CACHE = saved;
    }
  });
});
