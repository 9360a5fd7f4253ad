// The about page's editorial text, in one place: the HTML page (src/pages/about.astro) and its
// Markdown twin (src/outputs/twins.ts) both render these blocks, so the two never drift apart.
import { CONTENT_SIGNAL_LINE, CURATOR_CODES, CURATORS, DATA_LICENSE, SITE_NAME } from '../config/site.ts';
import { CATALOG_JSON_PATH, productJsonPath } from '../catalog/urls.ts';

/** Inline text: plain, code, emphasis, strong, or a site link. Each renderer adds its own markup. */
export type Inline = string | { code: string } | { em: string } | { strong: string } | { href: string; label: string };
export type Block = { p: Inline[] } | { ul: Inline[][] };

export interface AboutSection {
  id: string;
  heading: string;
  blocks: Block[];
}

export const ABOUT_TITLE = 'How this catalog works';

export const ABOUT_INTRO = `${SITE_NAME} is a short list of physical, screen-free things that help children learn by doing, each chosen by a person and explained in plain words.`;

export const ABOUT_SECTIONS: AboutSection[] = [
  {
    id: 'policy',
    heading: 'Editorial policy',
    blocks: [
      {
        p: [
          'We list toys, kits, books, art supplies, puzzles, games and outdoor gear that a child uses with their hands. ' +
            'We do not list apps, digital curricula, screen-based learning software or anything sold through in-app purchases. ' +
            'Nothing here is a marketplace ranking: there are no sponsored placements and no paid reviews, and a maker cannot pay to be listed.',
        ],
      },
    ],
  },
  {
    id: 'how-we-pick',
    heading: 'How picks are chosen',
    blocks: [
      {
        ul: [
          ['A curator has used the product with children, or watched it used in a classroom or at home.'],
          ['It must still be interesting after the first afternoon: open-ended play beats one-trick novelty.'],
          ['It has to be safe and sturdy for the age it is listed for, and worth its price.'],
          [
            'Every product carries a short note, ',
            { em: 'why we picked it' },
            ', from the curator who chose it. Staff picks are the ones they recommend first.',
          ],
        ],
      },
    ],
  },
  {
    id: 'curators',
    heading: 'The curators',
    blocks: [{ ul: CURATOR_CODES.map((code) => [{ strong: CURATORS[code].name }, `, ${CURATORS[code].role}`]) }],
  },
  {
    id: 'affiliate-links',
    heading: 'Affiliate links, and why we sell nothing',
    blocks: [
      {
        p: [
          'This site does not sell anything, take orders or have a checkout. Each product links to the maker or a shop. Those ' +
            'links are affiliate links: if you buy through one, the shop may pay us a small commission at no extra cost to you. ' +
            'That commission pays for the site. It never decides what we pick, and products without an affiliate programme are listed too.',
        ],
      },
    ],
  },
  {
    id: 'prices',
    heading: 'About prices',
    blocks: [
      {
        p: [
          'Prices are indicative, in the currency the shop uses (US dollars, Canadian dollars or euros), and may be out of date: ' +
            'the shop\'s page has the real price. Some products show "Price not listed". In the JSON API a price is a whole number in minor units (cents): ',
          { code: '2499' },
          ' with ',
          { code: 'USD' },
          ' means $24.99.',
        ],
      },
    ],
  },
  {
    id: 'developers',
    heading: 'For agents and developers',
    blocks: [
      {
        p: [
          'The catalog is open: no API key, no sign-up, no payment. It is rebuilt every hour, so what you read is at most an hour old.',
        ],
      },
      {
        ul: [
          [
            { href: CATALOG_JSON_PATH, label: 'The whole catalog as JSON' },
            ', and each product at ',
            { code: productJsonPath('{slug}') },
            '.',
          ],
          [{ href: '/openapi.json', label: 'The OpenAPI 3.1 description' }, ' of the API.'],
          [
            { href: '/llms.txt', label: 'llms.txt' },
            ', an index for AI agents, and ',
            { href: '/llms-full.txt', label: 'llms-full.txt' },
            ', every product in Markdown.',
          ],
          [
            'Every page has a Markdown twin: add ',
            { code: '.md' },
            ' to any page URL (the home page is ',
            { href: '/index.md', label: '/index.md' },
            ') or send ',
            { code: 'Accept: text/markdown' },
            '.',
          ],
        ],
      },
    ],
  },
  {
    id: 'licence',
    heading: 'Using the catalog data',
    blocks: [
      {
        p: [
          `The catalog data — product facts and our editorial notes, on these pages and in the JSON, Markdown and llms files — is published under ${DATA_LICENSE.title} (`,
          { href: DATA_LICENSE.url, label: DATA_LICENSE.name },
          `). Reuse it, with credit to ${DATA_LICENSE.attribution}. Product images are not ours: they belong to their makers or shops and are not covered.`,
        ],
      },
      {
        p: [
          'Our ',
          { href: '/robots.txt', label: 'robots.txt' },
          ' says the same to machines with a content signal, ',
          { code: `Content-Signal: ${CONTENT_SIGNAL_LINE}` },
          ': search engines may index the catalog, AI assistants may read it live to answer people, and it may be used for training, all under the licence. ' +
            'We ask agents to read the live catalog rather than an old copy: prices and availability change, and the catalog is rebuilt every hour.',
        ],
      },
    ],
  },
];

/** The sections' text as plain strings, for tests and search. */
export const inlineText = (parts: Inline[]): string =>
  parts
    .map((p) =>
      typeof p === 'string' ? p : 'code' in p ? p.code : 'em' in p ? p.em : 'strong' in p ? p.strong : p.label,
    )
    .join('');
