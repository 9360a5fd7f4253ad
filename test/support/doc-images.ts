// The two pictures README.md shows, a product page and the curators' editor: the browser suite
// takes them from the running stack and writes them into docs/images/, which the repository keeps.
// The same page gives the same bytes: a fixed viewport (never the full page, whose length follows
// the content), animations stopped, the caret hidden, one CSS pixel to one image pixel.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { ROOT } from '../../scripts/lib/stack.ts';

export const DOC_IMAGES = path.join(ROOT, 'docs/images');
export const DOC_IMAGE_SIZE = { width: 1280, height: 800 } as const;

/** The files README.md links to. */
export type DocImage = 'product-page.png' | 'editor.png';

/**
 * Screenshots `page` at the documents' size into docs/images/`file`, with the elements `hide` selects
 * hidden (text that changes every run, such as the stack's port); returns the image's size as written.
 */
export async function writeDocImage(
  page: Page,
  file: DocImage,
  { hide = [] }: { hide?: string[] } = {},
): Promise<{ width?: number; height?: number }> {
  mkdirSync(DOC_IMAGES, { recursive: true });
  await page.setViewportSize(DOC_IMAGE_SIZE);
  const png = await page.screenshot({
    path: path.join(DOC_IMAGES, file),
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    ...(hide.length ? { style: `${hide.join(', ')} { visibility: hidden !important; }` } : {}),
  });
  const { width, height } = await sharp(png).metadata();
  return { width, height };
}
