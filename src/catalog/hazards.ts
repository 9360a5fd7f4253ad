// The safety warnings a product may carry, from one closed list, each with its one text: the exact
// words where a rule prescribes them (16 CFR 1500.19), the project's own sentence naming its source
// where a standard covers the hazard without prescribing words for a catalog.
//
// Sources (checked 2026-11-26):
// - 16 CFR 1500.19(b), the cautionary statements for small parts, small balls, marbles and latex
//   balloons (https://www.ecfr.gov/current/title-16/chapter-II/subchapter-C/part-1500/section-1500.19;
//   GPO's text of the section, http://edocket.access.gpo.gov/cfr_2007/janqtr/16cfr1500.19.htm). The
//   words were checked against CPSC's fact sheet on the Child Safety Protection Act (document 282,
//   http://www.cpsc.gov/cpscpub/pubs/282.html), which prints each after the safety alert symbol and
//   "WARNING:" (the page shows both). One difference: the fact sheet spells the balloon statement's
//   "eight yrs."; the section, as eCFR prints it, and the balloon packages quoting it say "8 yrs.".
//   A toy or game that contains a small ball or marble takes the "Toy contains …" statement; a ball
//   or marble sold on its own ("This toy is a small ball.") is not a product of this catalog.
// - 16 CFR 1501: toys for children under 3 may not have small parts at all
//   (https://www.cpsc.gov/business--manufacturing/business-education/business-guidance/small-parts-for-toys-and-childrens-products).
// - Directive 2009/48/EC, Annex V, Part B, point 1: a toy that might be dangerous for children under
//   36 months says "Not suitable for children under 36 months", with a brief note of the hazard.
// - Magnets: ASTM F963 (the toy safety standard, section 4.38) made mandatory by 16 CFR 1250.
// - Button and coin batteries: Reese's Law, 16 CFR 1263.
// - Cords and straps: ASTM F963 section 4.14 (cords, straps and elastics).

export interface Hazard {
  /** How a product file names it (`warnings: [small-parts]`). */
  id: string;
  /** Its name for people: the editor's choice, the admin view. */
  label: string;
  /** The words shown to parents, after "Warning:". */
  text: string;
  /** Whose words `text` is: the rule that prescribes them, or the source of the project's own sentence. */
  source: string;
  /** `text` is a rule's exact words (true) or the project's own sentence (false). */
  prescribed: boolean;
  /**
   * The hazard is one for children under three, so a product priced in euros also shows the EU's
   * form (Directive 2009/48/EC, Annex V, Part B, point 1) with this brief note of the hazard.
   */
  euUnder36Months?: string;
}

const CFR_1500_19 = '16 CFR 1500.19';

/** The closed list, in the order the page shows them. */
export const HAZARDS = [
  {
    id: 'small-parts',
    label: 'Small parts',
    text: 'CHOKING HAZARD—Small parts. Not for children under 3 yrs.',
    source: CFR_1500_19,
    prescribed: true,
    euUnder36Months: 'Small parts.',
  },
  {
    id: 'small-balls',
    label: 'Small balls',
    text: 'CHOKING HAZARD—Toy contains a small ball. Not for children under 3 yrs.',
    source: CFR_1500_19,
    prescribed: true,
    euUnder36Months: 'Small balls.',
  },
  {
    id: 'marbles',
    label: 'Marbles',
    text: 'CHOKING HAZARD—Toy contains a marble. Not for children under 3 yrs.',
    source: CFR_1500_19,
    prescribed: true,
    euUnder36Months: 'Marbles.',
  },
  {
    id: 'balloons',
    label: 'Balloons',
    text:
      'CHOKING HAZARD—Children under 8 yrs. can choke or suffocate on uninflated or broken balloons. ' +
      'Adult supervision required. Keep uninflated balloons from children. Discard broken balloons at once.',
    source: CFR_1500_19,
    prescribed: true,
  },
  {
    id: 'magnets',
    label: 'Magnets',
    text:
      'Contains magnets. Swallowed magnets can pull together inside the body and cause serious injury: ' +
      'keep loose magnets away from young children, and get medical help at once if one may have been swallowed.',
    source: 'ASTM F963 (the toy safety standard, made mandatory by 16 CFR 1250)',
    prescribed: false,
    euUnder36Months: 'Small magnets.',
  },
  {
    id: 'button-batteries',
    label: 'Button or coin batteries',
    text:
      'Contains a button or coin battery. A swallowed battery can burn through the throat or stomach within ' +
      'two hours: keep batteries away from children, and get medical help at once if one may have been swallowed.',
    source: "Reese's Law, 16 CFR 1263",
    prescribed: false,
    euUnder36Months: 'Button batteries.',
  },
  {
    id: 'cords',
    label: 'Cords or straps',
    text:
      'Contains a long cord or strap, which can wrap around a young child’s neck: keep it away from cots and ' +
      'babies, and stay close while young children play with it.',
    source: 'ASTM F963, section 4.14 (cords, straps and elastics)',
    prescribed: false,
  },
] as const satisfies readonly Hazard[];

export type HazardId = (typeof HAZARDS)[number]['id'];

/** The ids, in the list's order: the schema's closed list. */
export const HAZARD_IDS = HAZARDS.map((h) => h.id) as [HazardId, ...HazardId[]];

/** One hazard by id. */
export const hazard = (id: HazardId): Hazard => HAZARDS.find((h) => h.id === id)!;

/** The label of a hazard id, or undefined for any other value (the editor's choices ask it). */
export const hazardLabel = (id: string): string | undefined => HAZARDS.find((h) => h.id === id)?.label;

/** The EU's words for a toy that might be dangerous for children under 36 months (Directive 2009/48/EC, Annex V, Part B, 1). */
export const EU_UNDER_36_MONTHS = 'Not suitable for children under 36 months.';
export const EU_UNDER_36_MONTHS_SOURCE = 'Directive 2009/48/EC, Annex V';

/** One warning as every output shows it. */
export interface Notice {
  /** The words after "Warning:". */
  text: string;
  /** The rule or source the words come from, as "16 CFR 1500.19". */
  source: string;
}

/**
 * The warnings a product shows, in the list's order, each once: its hazards' texts, then, for a
 * product offered in euros with a hazard for children under three, the EU's form once, naming them.
 * `currencies` are those of the offers shown (one market's, or every market's on its page).
 */
export function notices(warnings: readonly HazardId[] | undefined, currencies: string | readonly string[]): Notice[] {
  const carried = HAZARDS.filter((h) => warnings?.includes(h.id));
  const out: Notice[] = carried.map((h) => ({ text: h.text, source: h.source }));
  const eu = carried.flatMap((h) => ('euUnder36Months' in h ? [h.euUnder36Months] : []));
  if ((typeof currencies === 'string' ? [currencies] : currencies).includes('EUR') && eu.length)
    out.push({ text: `${EU_UNDER_36_MONTHS} ${eu.join(' ')}`, source: EU_UNDER_36_MONTHS_SOURCE });
  return out;
}

/** The words of the warnings for offers in `currencies`, on one line without their sources ('' for none): a card's. */
export const noticeWords = (warnings: readonly HazardId[] | undefined, currencies: readonly string[]): string =>
  notices(warnings, currencies)
    .map((n) => n.text)
    .join(' ');
