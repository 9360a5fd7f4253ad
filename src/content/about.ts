// The about page's editorial text, in one place: the HTML page (src/pages/about.astro) and its
// Markdown twin (src/outputs/twins.ts) both render it, so the two never drift apart.
import { CURATORS, SITE_NAME } from '../config/site.ts';

export interface AboutSection {
  heading: string;
  /** Plain-text paragraphs (no Markdown, no HTML): each renderer adds its own markup. */
  paragraphs: string[];
}

export const ABOUT_TITLE = `About ${SITE_NAME}`;

export const ABOUT_INTRO =
  `${SITE_NAME} is a small, curated catalog of hands-on, screen-free learning products for children from birth to 13 and up: ` +
  'educational toys, science and building kits, books, art supplies, puzzles, games and outdoor play.';

const curatorLines = Object.values(CURATORS).map((c) => `${c.name} (${c.role})`);

export const ABOUT_SECTIONS: AboutSection[] = [
  {
    heading: 'How we pick',
    paragraphs: [
      `Every product is chosen by one of our curators: ${curatorLines.join(' and ')}. ` +
        'Each entry carries a short editorial note saying why it earned its place. These are picks, not marketplace rankings: nobody pays to be listed.',
      'We only list physical things a child can hold, build, read, draw or play with. No apps, no digital curriculum, no in-app purchases.',
    ],
  },
  {
    heading: 'We are not a store',
    paragraphs: [
      'We do not sell anything, take orders or run a checkout. Product links go to the maker or a shop, and some are affiliate links: ' +
        'if you buy through them we may earn a small commission, at no extra cost to you. Prices are indicative; the shop sets the real price.',
    ],
  },
  {
    heading: 'Open to people and to software',
    paragraphs: [
      'The whole catalog is free to read without an account or an API key. Every page is also available as Markdown, ' +
        'the full catalog is published as JSON with an OpenAPI description, and an agent index at /llms.txt explains how to use it.',
      'The catalog is rebuilt every hour, so what you read here is at most an hour old.',
    ],
  },
];
