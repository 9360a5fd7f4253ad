// Synthetic product files for the benchmark: N deterministic (seeded), schema-valid products with
// varied names, brands, categories, ages, currencies and prices, some unpriced, drafts and scheduled.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { CATEGORY_SLUGS, CURATOR_CODES, CURRENCIES } from '../../src/config/site.ts';
import { serializeProductFile } from '../../src/catalog/product-file.ts';
import type { ProductFrontmatter } from '../../src/catalog/schema.ts';

type Frontmatter = z.input<typeof ProductFrontmatter>;

/** mulberry32: a tiny seeded PRNG, so every run benchmarks the same catalog. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = [
  'wooden',
  'rainbow',
  'magnetic',
  'giant',
  'pocket',
  'glow',
  'stacking',
  'musical',
  'tiny',
  'folding',
  'balancing',
  'felt',
  'bamboo',
  'weather',
  'crystal',
  'marble',
  'solar',
  'garden',
  'jumbo',
  'secret',
];
const NOUNS = [
  'blocks',
  'atlas',
  'abacus',
  'loom',
  'kite',
  'puzzle',
  'microscope',
  'crayons',
  'tangram',
  'domino-run',
  'telescope',
  'clay-set',
  'board-game',
  'card-deck',
  'bird-feeder',
  'circuit-kit',
  'picture-book',
  'watercolours',
  'sand-kit',
  'marble-run',
  'sticker-book',
  'chess-set',
  'bug-hotel',
  'stamp-kit',
];
const BRANDS = [
  'HABA',
  "Grimm's",
  'Djeco',
  'Ravensburger',
  'Melissa & Doug',
  'Plan Toys',
  'Thames & Kosmos',
  'Usborne',
  'Crayola',
  'LEGO',
  'Hape',
  'Orchard Toys',
  'Stabilo',
  'Faber-Castell',
  'ThinkFun',
  'Galt',
  'Janod',
  'Moulin Roty',
  'Snap Circuits',
  'Kosmos Verlag',
];
const AGES = [
  '0–12 months',
  '6–18 months',
  '18 months–3 years',
  '2–4 years',
  '3–6 years',
  '4+ years',
  '5–8 years',
  '6+',
  '8+ years',
  '8–12 years',
  '10+ years',
  '13+',
  'ages 3 and up',
];
const WORDS =
  'children build count sort stack pour mix paint draw fold thread sew measure grow observe compare balance roll cut glue read plan solve'.split(
    ' ',
  );

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

function sentence(rand: () => number, words: number): string {
  const w = Array.from({ length: words }, () => pick(rand, WORDS));
  return `${w[0]!.charAt(0).toUpperCase()}${w.join(' ').slice(1)}.`;
}

function title(slugPart: string): string {
  return slugPart
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export interface SyntheticProduct {
  data: Frontmatter;
  body: string;
}

/** The i-th synthetic product of a seeded run. Shares of drafts, scheduled and unpriced are fixed by `rand`. */
export function syntheticProduct(i: number, rand: () => number, images: readonly string[] = []): SyntheticProduct {
  const adj = pick(rand, ADJECTIVES);
  const noun = pick(rand, NOUNS);
  const slug = `${adj}-${noun}-${i}`;
  const categoryCount = 1 + Math.floor(rand() * 3);
  const categories = [...new Set(Array.from({ length: categoryCount }, () => pick(rand, CATEGORY_SLUGS)))];
  const staffPick = rand() < 0.06;
  const curator = pick(rand, CURATOR_CODES);
  const roll = rand();
  const data: Frontmatter = {
    slug,
    name: `${title(adj)} ${title(noun)} No. ${i}`,
    brand: pick(rand, BRANDS),
    ageRange: rand() < 0.07 ? null : pick(rand, AGES),
    categories: categories as Frontmatter['categories'],
    price: rand() < 0.12 ? null : 299 + Math.floor(rand() * 30_000),
    currency: pick(rand, CURRENCIES),
    // Only images that exist: an offline browser (Lighthouse) would log every missing one as an error.
    imageUrl: rand() < 0.3 || images.length === 0 ? null : pick(rand, images),
    url: `https://shop.example.com/p/${slug}?ref=littlehands`,
    staffPick,
    pickedBy: staffPick || rand() < 0.1 ? curator : null,
    whyWePicked: rand() < 0.2 ? null : `${sentence(rand, 6 + Math.floor(rand() * 10))} ${sentence(rand, 8)}`,
    published: roll >= 0.03,
  };
  // A published product needs a price or a note; fixed text keeps the random sequence unchanged.
  if (data.price === null && data.whyWePicked === null) data.whyWePicked = `Picked for open-ended play with a ${noun}.`;
  // 2% scheduled far in the future, 3% scheduled in the past (already published).
  if (roll >= 0.03 && roll < 0.05) data.publishAt = '2099-01-01T09:00:00Z';
  else if (roll >= 0.05 && roll < 0.08) data.publishAt = '2024-06-01T09:00:00Z';
  const paragraphs = rand() < 0.05 ? 0 : 1 + Math.floor(rand() * 3);
  const body = Array.from({ length: paragraphs }, () => sentence(rand, 12 + Math.floor(rand() * 30))).join('\n\n');
  return { data, body };
}

export interface SyntheticOptions {
  seed?: number;
  /** Site paths of images that exist (e.g. every file of content/images/products). */
  images?: readonly string[];
  onProgress?: (done: number) => void;
}

/** Writes `n` product files into `dir` (created) and returns the number written. */
export async function writeSyntheticCatalog(dir: string, n: number, opts: SyntheticOptions = {}): Promise<number> {
  await mkdir(dir, { recursive: true });
  const rand = prng(opts.seed ?? 20261122);
  const batch: Promise<void>[] = [];
  for (let i = 1; i <= n; i++) {
    const { data, body } = syntheticProduct(i, rand, opts.images);
    const text = serializeProductFile(data, body);
    batch.push(writeFile(path.join(dir, `${data.slug}.md`), text));
    if (batch.length === 500 || i === n) {
      await Promise.all(batch.splice(0));
      opts.onProgress?.(i);
    }
  }
  return n;
}
