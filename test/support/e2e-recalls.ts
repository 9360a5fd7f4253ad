// The recalls the local stack's recall watcher reads in the e2e suite: SYNTHETIC records in CPSC's
// documented format (./cpsc-records.ts) about the demo catalog's fictional brands, not real recalls.
// Two match a demo product on brand and name (a proposal each: the second is the one a curator
// publishes in Chromium, test/e2e/watchers.test.ts, a product no other e2e test reads), one on brand
// alone (audit_catalog only), one is the same product name from another maker (nothing).
import type { CpscRecordJson } from './cpsc-records.ts';

const day = (offsetDays: number) => new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);
let id = 99_000;
const synthetic = (number: string, title: string, product: string, maker: string): CpscRecordJson => ({
  RecallID: ++id,
  RecallNumber: number,
  RecallDate: `${day(3)}T00:00:00`,
  Description: 'A synthetic record for the e2e suite: not a real recall.',
  URL: `https://recalls.invalid/${number}`,
  Title: title,
  ConsumerContact: '',
  LastPublishDate: `${day(2)}T00:00:00`,
  Products: [{ Name: product, Description: '', Model: '', Type: '', CategoryID: '', NumberOfUnits: 'About 1,000' }],
  Manufacturers: [{ Name: maker, CompanyID: '' }],
  Importers: [],
  Distributors: [],
  Retailers: [{ Name: 'Shop Example', CompanyID: '' }],
  Hazards: [
    {
      Name: 'Synthetic hazard: the seams can open, releasing filling (e2e test data).',
      HazardType: '',
      HazardTypeID: '',
    },
  ],
  Remedies: [{ Name: 'Refund' }],
  Images: [],
  Injuries: [],
  ManufacturerCountries: [],
});

export const E2E_RECALLS: CpscRecordJson[] = [
  synthetic(
    'E2E001',
    'Pebble and Fern Recalls Soft Activity Blocks Due to Choking Hazard (synthetic)',
    'Soft Activity Blocks',
    'Pebble and Fern, Inc.',
  ),
  synthetic(
    'E2E002',
    'Kinderwerk Recalls Weaving Frames Due to Laceration Hazard (synthetic)',
    'Wooden Weaving Frames',
    'Kinderwerk GmbH',
  ),
  synthetic(
    'E2E003',
    'Another Maker Recalls Soft Activity Blocks (synthetic)',
    'Soft Activity Blocks',
    'Another Maker LLC',
  ),
  synthetic(
    'E2E004',
    'Northlight Outfitters Recalls Tundra Tracks Kids Snowshoes Due to Fall Hazard (synthetic)',
    'Tundra Tracks Kids Snowshoes',
    'Northlight Outfitters, Inc.',
  ),
];
