// HEAVY (`npm start` whose build fails on a product file): a build that fails still shows its
// error (the validator's: the file, the field, the fix) and the log's path on one screen, and npm
// start exits non-zero, leaving nothing running. (What a start that runs prints, and how it stops,
// is stacks-side-by-side.test.ts's, on the two stacks it starts anyway.)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/stack.ts';
import { stackFolder } from '../../scripts/lib/stack-folder.ts';
import { productFile } from '../support/products.ts';
import { contentRepository } from '../support/scratch-repo.ts';
import { displayRows, ended, npmStart } from '../support/npm-start.ts';
import { gone } from '../support/stack-gone.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Where the stack's proposals and browser editor write: never the checkout's own git. */
const proposals = contentRepository();
const folders: string[] = [];
afterAll(() => {
  proposals.remove();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

describe('npm start whose build fails', () => {
  it('a build that fails shows the validator’s message (the file, the field, the fix) and the log’s path, and exits non-zero', async () => {
    const content = mkdtempSync(path.join(tmpdir(), 'start-broken-'));
    folders.push(content);
    writeFileSync(path.join(content, 'broken-kit.md'), productFile({ slug: 'broken-kit', price: -5 }));
    const port = await freePort();
    folders.push(stackFolder(ROOT, `port-${port}`));
    const start = npmStart(port, { CATALOG_CONTENT_DIR: content, PROPOSALS_REPO_DIR: proposals.dir });
    try {
      // Bounded below the test's own timeout, so that `finally` stops a stack that started after all.
      const code = await Promise.race([
        start.exited,
        new Promise<string>((r) => setTimeout(() => r('still running'), 200_000)),
      ]);
      const out = stripVTControlCharacters(start.log());
      expect(code, out.slice(-3000)).toBe(1);
      expect(out).toMatch(/✖ npm start failed after \d+:\d\d, in "build\.command from netlify\.toml"/);
      const shown = out.slice(0, out.indexOf('The whole log:'));
      const tail = shown.trimEnd().split('\n').slice(-8).join('\n');
      expect(tail, out.slice(-3000)).toMatch(/broken-kit\.md/);
      expect(tail).toMatch(/price/);
      expect(tail).toMatch(/Fix:|fix/i);
      const logFile = /The whole log: (\S+)/.exec(out)?.[1];
      expect(logFile).toBeTruthy();
      expect(readFileSync(logFile!, 'utf8')).toContain('broken-kit.md');
      // netlify-cli's dump of its resolved configuration stays in the log.
      expect(out).not.toContain('Resolved config');
      expect(displayRows(shown)).toBeLessThanOrEqual(40);
      expect(await gone(port)).toEqual({ processes: [], open: false });
    } finally {
      // A stack that started after all (the failure this test is for) is stopped, not left running.
      if (!ended(start)) {
        start.npm.kill('SIGTERM');
        await gone(port);
      }
    }
  }, 240_000);
});
