// Astro renders a static site's pages from modules it writes next to its output, in
// `<output>/.prerender/`, unless the output folder is outside the directory the build runs in
// (process.cwd()): then in `<cwd>/.astro/.prerender/`, and removes that folder when its pages are
// written. The stacks and the tests build into folders in /tmp from the checkout, so two such builds
// at once removed each other's modules ("Cannot find module …/.astro/.prerender/chunks/…", seen in
// CI). Such builds take turns for that folder; a build into the checkout needs no turn.
import path from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import { takeTurn } from './turns.ts';

/** Waits for the prerender folder a build writing into `stage` shares, if it shares one; resolves with the function that gives it back. */
export async function takePrerenderTurn(
  stage: string,
  outDir: string,
  logger: AstroIntegrationLogger,
): Promise<() => void> {
  // The test Astro makes (astro/dist/core/build/common.js, getOutDirWithinCwd), kept as it is.
  if (stage.startsWith(process.cwd())) return () => {};
  return takeTurn(path.join(process.cwd(), '.astro', 'prerender.lock'), `the build into ${outDir}`, {
    timeoutMs: 20 * 60_000,
    waiting: (holder) =>
      logger.info(
        `waiting for ${holder.what} (pid ${holder.pid}, since ${holder.since}): builds whose output is outside ` +
          `the checkout render their pages in its .astro/.prerender, one at a time`,
      ),
    go: () => logger.info('the other build has rendered its pages: this one goes on'),
    gaveUp: (holder, file) =>
      `Gave up waiting for ${holder?.what ?? 'another build'} (pid ${holder?.pid}) to render its pages. ` +
      `If no build is running, delete ${file}.`,
  });
}
