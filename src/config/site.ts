// The site's identity, its curators and its categories. Everything that prints the site name, a
// curator or a category reads it here (its address comes from the environment: ./env.ts).

export const SITE_NAME = 'Little Hands Catalog';
export const SITE_TAGLINE = 'Hands-on, screen-free learning picks for children from birth to 13+';

/** Curator codes allowed in `pickedBy`. Codes, not names, reach the public JSON. */
export const CURATORS = {
  maya: { name: 'Maya', role: 'Early-years educator' },
  theo: { name: 'Theo', role: 'Science teacher and parent of three' },
} as const;
export type CuratorCode = keyof typeof CURATORS;
export const CURATOR_CODES = Object.keys(CURATORS) as [CuratorCode, ...CuratorCode[]];

/** The catalog's categories, in display order. Products list one or more of these slugs. */
export const CATEGORIES = {
  'educational-toys': {
    label: 'Educational toys',
    blurb: 'Open-ended toys that build early maths, language and motor skills.',
  },
  kits: {
    label: 'Science & building kits',
    blurb: 'Kits to build, wire, grow and take apart, with real tools and real results.',
  },
  books: { label: 'Books', blurb: 'Picture books, activity books and first references worth reading twice.' },
  'art-supplies': {
    label: 'Art supplies',
    blurb: 'Crayons, paints, clay and paper that small hands can actually use.',
  },
  puzzles: { label: 'Puzzles', blurb: 'Jigsaws, logic puzzles and brain teasers from first pegs to 1,000 pieces.' },
  games: { label: 'Games', blurb: 'Board and card games that teach turn-taking, strategy and arithmetic.' },
  'outdoor-play': { label: 'Outdoor play', blurb: 'Gear for gardens, parks and rainy-day puddles.' },
} as const;
export type CategorySlug = keyof typeof CATEGORIES;
export const CATEGORY_SLUGS = Object.keys(CATEGORIES) as [CategorySlug, ...CategorySlug[]];

export const CURRENCIES = ['USD', 'CAD', 'EUR'] as const;

/**
 * When the catalog opened. Products without `publishAt` count as listed then (feed dates), so that
 * a rebuild with no content change writes the same feed: only products.json carries the build time.
 */
export const CATALOG_LAUNCHED_AT = new Date('2026-01-01T00:00:00Z');

/**
 * The licence of the catalog data: product facts and the curators' notes, in every format (pages,
 * Markdown, JSON, llms files). Product images are the makers' or shops' and are not covered.
 */
export const DATA_LICENSE = {
  name: 'CC BY 4.0',
  title: 'Creative Commons Attribution 4.0 International',
  url: 'https://creativecommons.org/licenses/by/4.0/',
  scope: 'the catalog data: product facts and editorial notes, in every format',
  excluded: 'product images, which belong to their makers or shops',
  attribution: `${SITE_NAME}, with a link to the product page or to the catalog`,
} as const;

/**
 * How automated agents may use the content (contentsignals.org), declared in robots.txt. It matches
 * the open licence: found in search, read live to answer people, and training is not refused either.
 */
export const CONTENT_SIGNALS = { search: 'yes', 'ai-input': 'yes', 'ai-train': 'yes' } as const;
export const CONTENT_SIGNAL_LINE = Object.entries(CONTENT_SIGNALS)
  .map(([k, v]) => `${k}=${v}`)
  .join(', ');

/**
 * Product photos. A local photo (content/images/products/) must be one of these formats, at most
 * `maxBytes` and at least `minShortSide` pixels on its short side; Netlify's Image CDN serves it
 * resized. A remote photo must come from one of `remoteHosts` over https: the Image CDN fetches
 * only from these (netlify.toml's `[images] remote_images` lists the same hosts, a test keeps them
 * in step) and the pages' CSP allows images from them and nowhere else.
 */
export const PHOTOS = {
  /** Each format (as sharp names it, and its file extension) and its name in messages. */
  formats: { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF' },
  maxBytes: 10 * 1024 * 1024,
  minShortSide: 800,
  remoteHosts: ['images.shop.example.com'],
} as const;

/** The photo rules in words, as the guide and the editor show them beside the picture field. */
export const PHOTO_RULES = `${Object.values(PHOTOS.formats)
  .join(', ')
  .replace(
    /, ([^,]+)$/,
    ' or $1',
  )}, at most ${PHOTOS.maxBytes / 1024 / 1024} MB, at least ${PHOTOS.minShortSide} px on the short side`;
