// Real recall records of Health Canada and the EU's Safety Gate, in their published formats, for
// the recall watcher's tests (nothing is downloaded: every value was quoted by hand from the public
// code named above it, which reads the live files). Where a test needs a record no quoted page
// gives, it is built from a real one and says so ("constructed").
//
// Health Canada: the daily open-data file
// https://recalls-rappels.canada.ca/sites/default/files/opendata-donneesouvertes/HCRSAMOpenData.json,
// a JSON array of records with NID, Title, URL, Organization, Product, Issue, "What you should do",
// Category, "Recall class", "Last updated", Archived (src/server/watch/health-canada.ts).
// Safety Gate: the weekly reports listed at
// https://ec.europa.eu/safety-gate-alerts/api/download/weeklyReport/list/xml/en, each a
// <Safety-Gate> of <notifications> (src/server/watch/safety-gate.ts).

export interface HealthCanadaRow {
  NID: string;
  Title: string;
  URL?: string;
  Organization: string;
  Product: string;
  Issue: string;
  'What you should do'?: string;
  Category?: string;
  'Recall class': string;
  'Last updated': string;
  Archived: string;
}

export const HEALTH_CANADA = {
  // A consumer-product row "from the same file", as a public normaliser's test quotes it (2026; no
  // URL or "What you should do" quoted): its organization is how the file names consumer products.
  foodJars: {
    NID: '82252',
    Title: 'Certain food jars recalled due to laceration hazard',
    Organization: 'Consumer product safety',
    Product: 'Stainless King Food Jar',
    Issue: 'Laceration hazard',
    'Recall class': '',
    'Last updated': '2026-06-29',
    Archived: '1',
  },
  // "Verbatim shape (field names, "&nbsp;" entities and all) from the live bulk JSON at
  // recalls-rappels.canada.ca, NID 82628", as a public test quotes it: a natural health product.
  easymulti: {
    NID: '82628',
    Title: 'Platinum Naturals Easymulti Stress (men): Affected lots incorrectly labelled for Vitamin B6 quantity',
    URL: 'https://recalls-rappels.canada.ca/en/alert-recall/platinum-naturals-easymulti-stress-men-affected-lots-incorrectly-labelled-vitamin-b6',
    Organization: 'Drugs and health products',
    Product: 'Easymulti Stress (Men) capsules',
    Issue: 'Labelling',
    'What you should do': 'Report any health product&nbsp;related&nbsp;side effects&nbsp;to Health Canada.',
    Category: 'Natural health products',
    'Recall class': 'Type III',
    'Last updated': '2026-09-16',
    Archived: '0',
  },
  // The same test's food record (CFIA's): never read by the watcher.
  sandwiches: {
    NID: '78484',
    Title: 'Various brands of sandwiches recalled due to Listeria monocytogenes',
    URL: 'https://recalls-rappels.canada.ca/en/alert-recall/various-brands-sandwiches-recalled-due-listeria-monocytogenes',
    Organization: 'CFIA',
    Product: 'Sandwiches',
    Issue: 'Listeria',
    'What you should do': 'Do not consume the recalled product.',
    Category: 'Multiple food items',
    'Recall class': 'Class 1',
    'Last updated': '2026-09-17',
    Archived: '0',
  },
} satisfies Record<string, HealthCanadaRow>;

/** Constructed: the food jars' record as its French copy would be (a URL under /fr/), which the watcher skips. */
export const FRENCH_COPY: HealthCanadaRow = {
  ...HEALTH_CANADA.foodJars,
  NID: '82252-fr',
  URL: 'https://recalls-rappels.canada.ca/fr/avis-rappel/certains-contenants-aliments',
};

/** One Safety Gate alert: the elements of a <notifications> record (values go in CDATA, as the live files have them). */
export type SafetyGateAlert = Record<string, string>;

export interface SafetyGateReport {
  id: number;
  reference: string;
  /** DD/MM/YYYY, as the list has it. */
  publicationDate: string;
  alerts: SafetyGateAlert[];
}

export const SAFETY_GATE = {
  // A public test that reads the live report files quotes this alert (2026):
  ledTree: {
    caseNumber: 'SR/02362/26',
    reference: 'https://ec.europa.eu/safety-gate-alerts/screen/webReport/alertDetail/10118487',
    category: 'Electrical appliances',
    product: 'LED tree',
    brand: 'MICA',
    type_numberOfModel: '1121031',
    barcode: '8720362191049',
    riskType: 'Environment',
    level: 'Serious risk',
    notifyingCountry: 'Luxembourg',
    countryOfOrigin: 'China',
    description: 'Decorative tree',
    danger: 'Excessive lead',
  },
  // And a motor vehicle alert another public reader quotes (the wrong kind of product for a
  // catalog of toys; read, and matched against nothing).
  passengerCar: {
    caseNumber: 'A12/00188/24',
    reference: 'https://ec.europa.eu/safety-gate-alerts/screen/webReport/alertDetail/-1',
    category: 'Motor vehicles',
    product: 'Passenger car',
    brand: 'VW - Volkswagen',
    type_numberOfModel: 'e1*2007/46*2180*',
    riskType: 'Fire',
    danger: 'The thermal protection may fail.',
    description: 'Right-hand drive passenger car.',
    measures: 'Recall of the product from end users',
    notifyingCountry: 'Germany',
    countryOfOrigin: 'Germany',
    level: 'Serious risk',
  },
} satisfies Record<string, SafetyGateAlert>;

/** The list's report Report-2026-34 (28/08/2026, id 10000320), as public readers quote it, holding the alerts given. */
export const report = (alerts: SafetyGateAlert[], over: Partial<SafetyGateReport> = {}): SafetyGateReport => ({
  id: 10000320,
  reference: 'Report-2026-34',
  publicationDate: '28/08/2026',
  alerts,
  ...over,
});
