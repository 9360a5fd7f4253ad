// What the editor says beyond mistakes: the check's safety suggestions in the form (the validator's
// own rule, src/catalog/safety-check.ts, asked of the form's values: the form suggests exactly
// what the validator would, each in one plain sentence), and after publishing, when the product is
// live, and how long the site's last update took when the site says (src/contract/build-info.ts).
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../src/config/site.ts';
import { hazard } from '../../src/catalog/hazards.ts';
import { safetyHints, SMALL_PARTS_COMMON, suggestedWarnings } from '../../src/catalog/safety-check.ts';
import { buildInfoJson, readBuildInfo } from '../../src/contract/build-info.ts';
import { fileValues, formValues } from '../../src/editor/form-data.ts';
import { productFormat } from '../../src/editor/format.ts';
import { formHints } from '../../src/editor/hints.ts';
import { afterPublishing } from '../../src/editor/steps.ts';
import { DECAP_PHRASES, MESSAGES } from '../../src/outputs/editor-words.ts';
import { forbiddenIn } from '../support/forbidden-terms.ts';
import { entry, productFile, type ProductOverrides } from '../support/products.ts';

const base = { ageRange: '3–6 years', categories: ['puzzles'], name: 'Forest Floor Puzzle', whyWePicked: 'Good.' };
/** The form's values as the editor holds them once it has opened the product's file. */
const formOf = (over: ProductOverrides) => fileValues(productFormat.fromFile(productFile({ ...base, ...over })));
const sentences = (text: string) => text.split(/[.!?](?:\s|$)/).filter((s) => s.trim()).length;

describe('the check’s suggestions in the form', () => {
  it('a toy for ages 3 to 6 in a category where small parts are common: one sentence naming the warning, why, and both answers', () => {
    const [hint, ...more] = formHints(formOf({}));
    expect(more).toEqual([]);
    expect(hint).toBe(
      'Look on the box for a “Small parts” warning, because it is in Puzzles, where small parts are common: ' +
        'if it is there, choose it here; if the product needs none, say why in “Checked: no warning needed, because”.',
    );
  });

  it.each([
    ['it carries the warning', { warnings: ['small-parts'] }, []],
    ['it is answered', { noWarningNeeded: 'Only large pieces.' }, []],
    ['its ages start at 6', { ageRange: '6–10 years' }, []],
    ['it has no ages', { ageRange: null }, []],
    ['its category seldom has small parts', { categories: ['art-supplies'] }, []],
    ['its name mentions marbles and magnets', { name: 'Magnetic Marble Run' }, ['small-parts', 'marbles', 'magnets']],
    ['its note mentions balloons', { categories: ['books'], whyWePicked: 'With two balloons.' }, ['balloons']],
  ])('as the validator: when %s', (_, over, ids) => {
    const hints = formHints(formOf(over));
    // The same rule as the validator's, on the same product.
    expect(suggestedWarnings(entry({ ...base, ...over })).map((s) => s.id)).toEqual(ids);
    expect(safetyHints([entry({ ...base, ...over })])).toHaveLength(ids.length ? 1 : 0);
    expect(hints).toHaveLength(ids.length);
    ids.forEach((id, i) => expect(hints[i]).toContain(`“${hazard(id as never).label}” warning`));
  });

  it('follows the form as she types it, before anything is saved (empty fields as the form keeps them)', () => {
    const typing = { ...formValues({}, ''), name: 'Marble maze', ageRange: '4+ years', categories: [], warnings: [] };
    expect(formHints(fileValues(typing))).toHaveLength(1);
    expect(formHints(fileValues({ ...typing, noWarningNeeded: '  ' }))).toHaveLength(1);
    expect(formHints(fileValues({ ...typing, noWarningNeeded: 'The marbles are 4 cm across.' }))).toEqual([]);
    expect(formHints(fileValues({ ...typing, warnings: ['marbles'] }))).toEqual([]);
  });

  it('never throws on what a form may hold that the schema would refuse', () => {
    const odd = {
      name: 42,
      ageRange: ['3+'],
      categories: 'puzzles',
      warnings: 'x',
      noWarningNeeded: {},
      whyWePicked: null,
    };
    expect(formHints(fileValues(odd))).toEqual([]);
    expect(formHints(fileValues({ ...odd, ageRange: 'nonsense', categories: ['games'] }))).toEqual([]);
    expect(formHints(fileValues({ ...odd, ageRange: '4+ years', categories: ['nope', 'games'] }))).toHaveLength(1);
  });

  it('says each in one sentence without a forbidden term, for every category and every word the rule knows', () => {
    const all = [
      ...SMALL_PARTS_COMMON.map((c) => formOf({ categories: [c] })),
      formOf({ categories: ['books'], name: 'Marbles, magnets, balloons and balls' }),
    ].flatMap(formHints);
    expect(all.length).toBe(SMALL_PARTS_COMMON.length + 4);
    for (const c of SMALL_PARTS_COMMON) expect(all.join('\n')).toContain(CATEGORIES[c].label);
    for (const hint of all) {
      expect(forbiddenIn(hint), hint).toEqual([]);
      expect(sentences(hint), hint).toBe(1);
      expect(hint).not.toMatch(/`|CFR|noWarningNeeded|warnings:/);
    }
    for (const n of [1, 2]) expect(forbiddenIn(MESSAGES.savedWithHints(n, 'Safety warnings'))).toEqual([]);
  });
});

describe('after publishing', () => {
  const info = (buildSeconds: unknown) => async () => ({ builtAt: '2026-11-26T14:00:00.000Z', buildSeconds });

  it.each([
    [184, 'about 3 minutes'],
    [42, 'about 40 seconds'],
    [3, 'about 10 seconds'],
    [89, 'about 90 seconds'],
    [90, 'about 2 minutes'],
  ])('the site’s last update took %s s: “%s”', async (seconds, said) => {
    const text = await afterPublishing(info(seconds));
    expect(text).toBe(`The site’s last update took ${said}.`);
    expect(forbiddenIn(text!)).toEqual([]);
  });

  it.each([
    ['the site does not say (an older site, no file)', async () => null],
    ['the file cannot be read', () => Promise.reject(new Error('offline'))],
    ['the figure is not one', info('three minutes')],
    ['the figure is negative', info(-5)],
    ['there is no time of the build', async () => ({ buildSeconds: 60 })],
  ])('nothing more, no guess, when %s', async (_, read) => {
    expect(await afterPublishing(read)).toBeNull();
  });

  it('claims no notification the site does not send, nor a time it does not know', () => {
    const published = DECAP_PHRASES.ui.toast.entryPublished;
    expect(published).toBe('Published: it is live on the site after the site’s next update.');
    for (const text of [published, MESSAGES.lastUpdateTook(MESSAGES.about(300))])
      expect(text).not.toMatch(/e-?mail|notif|tell you|let you know|within|a few/i);
  });

  it('reads what the build writes', () => {
    const written = { builtAt: '2026-11-26T14:03:04.000Z', buildSeconds: 184 };
    expect(readBuildInfo(JSON.parse(buildInfoJson(written)))).toEqual(written);
  });
});
