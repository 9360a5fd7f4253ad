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

/** What the site knows of a category: everything that names, lists, colours or draws it reads it here. */
export interface Category {
  /** Its name on pages, in twins, JSON-LD and the editor's choices. */
  label: string;
  /** One sentence under its name (the categories page, its list page, llms.txt). */
  blurb: string;
  /**
   * Its tint (#rrggbb): the background of its tile's icon and of a product's picture placeholder,
   * under the ink text (the generated stylesheet, src/outputs/category-styles.ts).
   */
  tint: string;
  /** Its line icon: inner SVG markup on a 24×24 grid, stroked in the text colour (src/components/Icon.astro). */
  icon: string;
}

/**
 * The catalog's categories, in display order. Products list one or more of these slugs. A new
 * category is one entry here: every page, list, twin, stylesheet rule and table derives from it
 * (docs/develop.md, "Adding a category").
 */
export const CATEGORIES = {
  'educational-toys': {
    label: 'Educational toys',
    blurb: 'Open-ended toys that build early maths, language and motor skills.',
    tint: '#fdebd3',
    icon:
      '<rect x="3" y="13" width="8" height="8" rx="1.5"/><rect x="13" y="13" width="8" ' +
      'height="8" rx="1.5"/><rect x="8" y="3" width="8" height="8" rx="1.5"/>',
  },
  kits: {
    label: 'Science & building kits',
    blurb: 'Kits to build, wire, grow and take apart, with real tools and real results.',
    tint: '#e1efe9',
    icon: '<path d="M9 3h6M10 3v6l-5.2 9.2A2 2 0 0 0 6.5 21h11a2 2 0 0 0 1.7-2.8L14 9V3"/><path d="M7 15h10"/>',
  },
  books: {
    label: 'Books',
    blurb: 'Picture books, activity books and first references worth reading twice.',
    tint: '#e8e6f6',
    icon: '<path d="M2 5h6a4 4 0 0 1 4 4v12a3 3 0 0 0-3-3H2z"/><path d="M22 5h-6a4 4 0 0 0-4 4v12a3 3 0 0 1 3-3h7z"/>',
  },
  'art-supplies': {
    label: 'Art supplies',
    blurb: 'Crayons, paints, clay and paper that small hands can actually use.',
    tint: '#fbe1e3',
    icon:
      '<path d="M12 3a9 9 0 1 0 0 18c1.1 0 2-.9 2-2 0-.5-.2-1-.5-1.3-.3-.4-.5-.8-.5-1.3 ' +
      '0-1.1.9-2 2-2h2.4A4.6 4.6 0 0 0 22 9.8C22 6 17.5 3 12 3z"/><circle cx="7.5" cy="11.5" ' +
      'r="1.2"/><circle cx="10.5" cy="7.5" r="1.2"/><circle cx="15.5" cy="8" r="1.2"/>',
  },
  puzzles: {
    label: 'Puzzles',
    blurb: 'Jigsaws, logic puzzles and brain teasers from first pegs to 1,000 pieces.',
    tint: '#fff2c7',
    icon:
      '<path d="M4 8h3.5a2.5 2.5 0 1 1 5 0H16v3.5a2.5 2.5 0 1 1 0 ' +
      '5V20h-3.5a2.5 2.5 0 1 0-5 0H4v-3.5a2.5 2.5 0 1 0 0-5z"/>',
  },
  games: {
    label: 'Games',
    blurb: 'Board and card games that teach turn-taking, strategy and arithmetic.',
    tint: '#dcecf7',
    icon:
      '<rect x="3" y="3" width="18" height="18" rx="3.5"/><circle cx="8" cy="8" r="1.3"/><circle cx="16" cy="8" ' +
      'r="1.3"/><circle cx="12" cy="12" r="1.3"/><circle cx="8" cy="16" r="1.3"/><circle cx="16" cy="16" r="1.3"/>',
  },
  'outdoor-play': {
    label: 'Outdoor play',
    blurb: 'Gear for gardens, parks and rainy-day puddles.',
    tint: '#e5f1d8',
    icon: '<path d="M12 3l5.5 7.5h-2.8l4.3 6H5l4.3-6H6.5z"/><path d="M12 16.5V21"/><path d="M4 21h16"/>',
  },
} as const satisfies Record<string, Category>;
export type CategorySlug = keyof typeof CATEGORIES;
export const CATEGORY_SLUGS = Object.keys(CATEGORIES) as [CategorySlug, ...CategorySlug[]];

const NUMBER_WORDS = 'no one two three four five six seven eight nine ten eleven twelve'.split(' ');
/** "Seven": how many categories there are, in words to open a sentence (digits past twelve). */
export const CATEGORY_COUNT_IN_WORDS = ((w: string) => w[0]!.toUpperCase() + w.slice(1))(
  NUMBER_WORDS[CATEGORY_SLUGS.length] ?? String(CATEGORY_SLUGS.length),
);
const inWords = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
/** "educational toys, science & building kits, …, games and outdoor play": every category, for a sentence. */
export const CATEGORIES_IN_WORDS = inWords(CATEGORY_SLUGS.map((c) => CATEGORIES[c].label.toLowerCase()));

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
  /** The most pixels a picture the editor saves may have (a 48-megapixel phone photo fits; a decompression bomb does not). */
  maxPixels: 50_000_000,
  remoteHosts: ['images.shop.example.com'],
} as const;

/** The photo rules in words, as the guide and the editor show them beside the picture field. */
export const PHOTO_RULES = `${Object.values(PHOTOS.formats)
  .join(', ')
  .replace(
    /, ([^,]+)$/,
    ' or $1',
  )}, at most ${PHOTOS.maxBytes / 1024 / 1024} MB, at least ${PHOTOS.minShortSide} px on the short side`;
