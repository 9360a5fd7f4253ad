// The recall matcher on real CPSC recalls (test/support/cpsc-records.ts, each quoted by hand from the
// page it names) and real product names: the matches it should make, the near misses it should not,
// and both kinds of error it does make, each written down so a change that moves them shows here.
import { describe, expect, it } from 'vitest';
import { CpscRecord, fromCpsc } from '../../src/server/watch/cpsc.ts';
import {
  brandIndex,
  companyNames,
  nameWords,
  recallHits,
  sameCompany,
  titleProduct,
  type MatchedProduct,
} from '../../src/server/watch/recall-match.ts';
import { toGtin14 } from '../../src/catalog/gtin.ts';
import { fromHealthCanada, HealthCanadaRecord } from '../../src/server/watch/health-canada.ts';
import { fromAlert } from '../../src/server/watch/safety-gate.ts';
import { REAL } from '../support/cpsc-records.ts';
import { HEALTH_CANADA, SAFETY_GATE } from '../support/regulator-records.ts';

const recall = (r: (typeof REAL)[keyof typeof REAL]) => fromCpsc(CpscRecord.parse(r));
const product = (brand: string, name: string): MatchedProduct => ({
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  brand,
  name,
});

/** What the matcher makes of one product against one recall: a match, the brand only, or nothing. */
function verdict(
  brand: string,
  name: string,
  r: (typeof REAL)[keyof typeof REAL],
  aliases: { brand: string; companies: string[] }[] = [],
) {
  const hits = recallHits(recall(r), brandIndex([product(brand, name)], aliases));
  if (hits.length === 0) return 'nothing';
  return hits[0]!.name ? 'match' : 'brand only';
}

describe('normalisation', () => {
  it.each([
    ['Melissa & Doug, LLC', ['melissa and doug']],
    ['Habermaass Corp. Inc., of Skaneateles, N.Y.', ['habermaass']],
    ['Huffy Corporation, of Miamisburg, Ohio', ['huffy']],
    ['The Step2 Company LLC, of Streetsboro, Ohio', ['step2']],
    ['Fisher-Price, Inc.', ['fisher price']],
    ['Fisher-Price, a subsidiary of Mattel, Inc.', ['fisher price']],
    ["Grimm's Spiel und Holz Design GmbH & Co. KG", ['grimms spiel und holz design']],
    ['LEGO A/S', ['lego']],
    ['Société Bébé S.A.', ['societe bebe']],
    ['Kid Brands, Inc. d/b/a Sassy', ['kid brands', 'sassy']],
    ['Plan B Games', ['plan b games']],
  ])('%s → %j', (name, names) => expect(companyNames(name)).toEqual(names));

  it.each([
    ['huffy', 'huffy', true],
    ['grimms', 'grimms spiel und holz design', true],
    ['sassy baby', 'sassy', true],
    ['micro', 'microsoft', false],
    ['lego education', 'lego systems', false],
  ])('brand %s and company %s are the same: %s', (a, b, same) => expect(sameCompany(a, b)).toBe(same));

  it('reads a product name without its brand, common words and plurals, and a title without its recall words', () => {
    expect([...nameWords('Blue’s Clues Foot-to-Floor Ride-On', 'Huffy')]).toEqual([
      'blue',
      'clue',
      'foot',
      'floor',
      'ride',
    ]);
    expect([...nameWords("Sassy®-branded Hug N' Tug Puppy and Monkey", 'Sassy')]).toEqual([
      'hug',
      'tug',
      'puppy',
      'monkey',
    ]);
    expect(titleProduct('Fisher-Price Recalls Rock ‘n Play Sleepers Due to Reports of Deaths')).toBe(
      'Rock ‘n Play Sleepers',
    );
    expect(titleProduct('Wooden Infant Toys Recalled by Habermaass Corp. Due to Choking Hazard')).toBe(
      'Wooden Infant Toys',
    );
    expect(titleProduct('Step2® Recalls to Repair Riding Toys Due to Risk of Injury')).toBe('Riding Toys');
  });
});

describe('matches it makes', () => {
  it.each([
    [
      'Huffy',
      'Blue’s Clues Foot-to-Floor Ride-On',
      'huffy',
      'punctuation, possessives and "Corporation" do not hide it',
    ],
    ['Step2', 'Little Helper’s Grocery Cart', 'step2Carts', '™, "The … Company LLC" and plurals do not hide it'],
    ['Step2', 'Push Around Buggy', 'step2Buggies', 'one of two products named in one line'],
    [
      'Fisher Price',
      "Rock 'n Play Sleeper",
      'rockNPlay',
      'a hyphen in the brand and a curly apostrophe in the name do not hide it',
    ],
    ['Sassy', 'Hug N’ Tug Monkey', 'sassy', 'an importer counts as a brand'],
    [
      'Earth Friendly',
      'Moee the Wooden Car',
      'earthFriendly',
      'a generic recall name ("Wooden Toys") matches on its one word',
    ],
  ] as const)('%s %s ↔ %s: %s', (brand, name, r, _why) => expect(verdict(brand, name, REAL[r])).toBe('match'));

  it('a curated alias names the company a brand is recalled under: HABA toys, recalled by Habermaass, matched by model', () => {
    expect(verdict('HABA', 'Triolino Puzzle', REAL.haba, [{ brand: 'HABA', companies: ['Habermaass Corp.'] }])).toBe(
      'match',
    );
  });
});

describe('near misses it does not propose', () => {
  it('the same brand, another product: Fisher-Price’s Rock-a-Stack is not the Rock ‘n Play Sleeper (audit_catalog only)', () => {
    expect(verdict('Fisher-Price', 'Rock-a-Stack', REAL.rockNPlay)).toBe('brand only');
  });
  it('a similar product of another brand: Radio Flyer’s foot-to-floor ride-on is not Huffy’s', () => {
    expect(verdict('Radio Flyer', 'Foot to Floor Ride-On', REAL.huffy)).toBe('nothing');
  });
  it('a retailer is not a brand: Christmas Tree Shops sold the recalled train sets, First Learning Company made them', () => {
    expect(verdict('Christmas Tree Shops', 'Jumbo Wooden Train Set', REAL.christmasTreeShops)).toBe('nothing');
    expect(verdict('Target', 'Hug N’ Tug Monkey', REAL.sassy)).toBe('nothing');
  });
});

describe('errors it makes (a wrong match costs a curator a minute; a missed one can hurt a child)', () => {
  it('WRONG MATCH: Step2’s Whisper Ride Touring Wagon (recalled on its own in 2013) shares "whisper ride" with the 2010 buggies', () => {
    // The 2010 recall covers only Push Around and Whisper Ride Buggies with a yellow-knobbed pin; the
    // wagon is another product. The proposal it gets is closed by a curator and dismissed in
    // content/recall-watch.yml.
    expect(verdict('Step2', 'Whisper Ride Touring Wagon', REAL.step2Buggies)).toBe('match');
  });

  it('MISSED: Carter’s-branded Hug N’ Tug Monkey: Carter’s licensed its name, Sassy imported the toy', () => {
    expect(verdict("Carter's", 'Hug N’ Tug Monkey', REAL.sassy)).toBe('nothing');
  });

  it('MISSED without an alias: HABA’s Triolino Puzzle, recalled under the name of its maker Habermaass', () => {
    expect(verdict('HABA', 'Triolino Puzzle', REAL.haba)).toBe('nothing');
  });

  it('MISSED as a proposal: Earth Friendly’s Cubby the stackable bear is named only in the recall’s description; brand only', () => {
    expect(verdict('Earth Friendly', 'Cubby the Stackable Bear', REAL.earthFriendly)).toBe('brand only');
  });
});

describe('barcodes and text without a brand field (Health Canada, the Safety Gate)', () => {
  const withCodes = (brand: string, name: string, codes: string[]): MatchedProduct => ({
    ...product(brand, name),
    barcodes: codes.map((c) => toGtin14(c)!),
  });

  it('a recall naming the product’s barcode is a match whatever brand it names, a UPC-A matching its EAN-13', () => {
    // The Safety Gate's LED tree alert (test/support/regulator-records.ts) names MICA and 8720362191049.
    const alert = fromAlert(new Map(Object.entries(SAFETY_GATE.ledTree)), '2026-08-28')!;
    const tree = withCodes('Holiday Glow', 'Light-up Christmas Tree', ['8720362191049']);
    const [hit] = recallHits(alert, brandIndex([tree]));
    expect(hit).toMatchObject({ barcode: '08720362191049', company: '', name: null });
    // A UPC-A and the EAN-13 with a 0 in front are one barcode.
    const upc = { ...alert, barcodes: ['036000291452'].map((c) => toGtin14(c)!) };
    expect(recallHits(upc, brandIndex([withCodes('Other', 'Thing', ['0036000291452'])]))[0]?.barcode).toBe(
      '00036000291452',
    );
    // Without a barcode in common, brand plus name stays the rule: MICA is not Holiday Glow.
    expect(recallHits({ ...alert, barcodes: [] }, brandIndex([tree]))).toEqual([]);
  });

  it('Health Canada’s text: a brand counts when its words appear whole and in order, never inside other words', () => {
    const jars = fromHealthCanada(HealthCanadaRecord.parse(HEALTH_CANADA.foodJars));
    const hits = (brand: string, name: string) => recallHits(jars, brandIndex([product(brand, name)]));
    expect(hits('Stainless King', 'Food Jar')[0]).toMatchObject({ company: 'stainless king', barcode: null });
    expect(hits('Stainless King', 'Food Jar')[0]!.name?.shared.sort()).toEqual(['food', 'jar']);
    expect(hits('King', 'Crown Puzzle')[0]).toMatchObject({ company: 'king', name: null }); // the brand alone
    expect(hits('Stainless Queen', 'Food Jar')).toEqual([]);
    expect(hits('Kin', 'Food Jar')).toEqual([]); // "kin" is not a word of "king"
  });
});
