// Scrolls a page to the bottom half a screen at a time, waiting at each stop until every picture in
// view has loaded (lazy ones included), as a reader scrolling through would make it load them.
// Shared by the photo checks in Chromium (test/e2e/photos-browser.test.ts) and the benchmark's
// measure of what a phone downloads (scripts/bench/photos.ts).
import type { Page } from 'playwright-core';

export async function scrollThroughPictures(page: Page): Promise<void> {
  const { height, screen } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    screen: window.innerHeight,
  }));
  for (let y = 0; y < height; y += Math.max(100, Math.floor(screen / 2))) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForFunction(() =>
      [...document.images]
        .filter((i) => {
          const r = i.getBoundingClientRect();
          return r.bottom > 0 && r.top < window.innerHeight;
        })
        .every((i) => i.complete && i.currentSrc !== ''),
    );
  }
}
