// What a reviewer is shown before she publishes (src/editor/changes.ts): every field whose value
// differs between the product on the site and the saved changes, in the schema's order and the
// form's labels, each value worded as a teacher reads it (a price with its currency, a category by
// its name, yes or no, a day and an hour), a new picture under the same name counted as a change,
// and a new product listed field by field; no forbidden term in any worded value.
import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../src/catalog/schema.ts';
import { productChanges, wordedValue } from '../../src/editor/changes.ts';
import { fileValues } from '../../src/editor/form-data.ts';
import { MESSAGES } from '../../src/outputs/editor-words.ts';
import { EVERY_FIELD, productData } from '../support/products.ts';
import { forbiddenIn } from '../support/forbidden-terms.ts';

const UTC = { timeZone: 'UTC' };
/** A product as the editor holds it (every field, the description included). */
const values = (over: Record<string, unknown> = {}) =>
  fileValues({ ...productData(), description: 'Twelve arches.', ...over } as Record<string, unknown>);
const live = (over: Record<string, unknown> = {}) => ({ values: values(over), picture: 'a1' });

describe('the changes of saved changes against the product on the site', () => {
  it('none when nothing differs', () => {
    expect(productChanges(live(), live(), UTC)).toEqual([]);
  });

  it('a price: one change, in its currency, labelled as the form labels it', () => {
    const changes = productChanges(live({ price: 3999 }), live({ price: 2499 }), UTC);
    expect(changes).toEqual([{ key: 'price', label: 'Price', before: '€39.99', after: '€24.99' }]);
  });

  it('another market’s offer: its price in its own money and its shop, never minor units', () => {
    const uk = { market: 'uk', price: 1999, currency: 'GBP', url: 'https://shop.example.co.uk/kite' };
    const [change] = productChanges(live(), live({ otherMarkets: [uk] }), UTC);
    expect(change?.key).toBe('otherMarkets');
    expect(change?.after).toMatch(/^£19\.99 in the United Kingdom, https:\/\/shop\.example\.co\.uk\/kite$/);
    expect(change?.after).not.toMatch(/1999/);
  });

  it('each value as a teacher reads it: yes or no, a category’s name, nothing for an empty field', () => {
    const changes = productChanges(
      live({ staffPick: false, pickedBy: null, categories: ['puzzles'], ageRange: null }),
      live({ staffPick: true, pickedBy: 'maya', categories: ['puzzles', 'outdoor-play'], ageRange: '3–6 years' }),
      UTC,
    );
    expect(changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Ages', MESSAGES.changeEmpty, '3–6 years'],
      ['Categories', 'Puzzles', 'Puzzles, Outdoor play'],
      ['Staff pick', MESSAGES.changeNo, MESSAGES.changeYes],
      ['Picked by', MESSAGES.changeEmpty, 'Maya'],
    ]);
  });

  it('in the schema’s order, every field that differs', () => {
    const changes = productChanges(
      live({ url: 'https://shop.example/a', name: 'Old name' }),
      live({ url: 'https://shop.example/b', name: 'New name' }),
      UTC,
    );
    const order = FIELDS.map((f) => f.key);
    expect(changes.map((c) => c.key)).toEqual(
      ['name', 'url'].sort((a, b) => order.indexOf(a as never) - order.indexOf(b as never)),
    );
  });

  it('a day and an hour, never a raw timestamp; the same instant written two ways is no change', () => {
    const changes = productChanges(
      live({ publishAt: '2027-03-01T09:00:00Z' }),
      live({ publishAt: '2027-04-02T18:30:00Z' }),
      UTC,
    );
    expect(changes.map((c) => [c.before, c.after])).toEqual([['1 March 2027 at 09:00', '2 April 2027 at 18:30']]);
    expect(
      productChanges(
        live({ publishAt: '2027-03-01T09:00:00Z' }),
        live({ publishAt: '2027-03-01T10:00:00+01:00' }),
        UTC,
      ),
    ).toEqual([]);
  });

  it('a new photo under the same name is a change, shown as the two pictures', () => {
    const path = '/images/products/wooden-rainbow-stacker.jpg';
    const changes = productChanges(
      { values: values({ imageUrl: path }), picture: 'a1' },
      { values: values({ imageUrl: path }), picture: 'b2' },
      UTC,
    );
    expect(changes).toEqual([
      {
        key: 'imageUrl',
        label: 'Photo',
        before: MESSAGES.changePhoto,
        after: MESSAGES.changePhoto,
        picture: { before: path, after: path },
      },
    ]);
  });

  it('a photo removed: the picture before, none after', () => {
    const path = '/images/products/wooden-rainbow-stacker.jpg';
    const [change] = productChanges(
      { values: values({ imageUrl: path }), picture: 'a1' },
      { values: values({ imageUrl: null }), picture: null },
      UTC,
    );
    expect(change).toMatchObject({ before: MESSAGES.changePhoto, after: MESSAGES.changeNoPhoto });
    expect(change!.picture).toEqual({ before: path, after: null });
  });

  it('a new product: every field it has, nothing before', () => {
    const changes = productChanges(null, live({ ageRange: null }), UTC);
    expect(changes.length).toBeGreaterThan(5);
    expect(changes.every((c) => c.before === null)).toBe(true);
    expect(changes.map((c) => c.key)).not.toContain('ageRange');
    expect(changes.find((c) => c.key === 'slug')?.after).toBe('/products/wooden-rainbow-stacker');
  });

  it('says no forbidden term, whatever the field', () => {
    const every = values({ ...EVERY_FIELD, staffPick: true, published: false, price: null });
    const worded = FIELDS.map((f) => wordedValue(f.key, every, UTC));
    const found = worded.flatMap((w) => forbiddenIn(w).map((t) => `${t} in “${w}”`));
    expect(found).toEqual([]);
  });
});
