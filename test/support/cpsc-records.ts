// Real CPSC recalls, written in the recall service's documented JSON format, for the recall watcher's
// tests (nothing is downloaded: every value was quoted by hand from the page named above it).
//
// The format (field names, their nesting, dates as `2014-05-22T00:00:00`) is CPSC's own:
// - "CPSC Recalls Application Program Interface (API) Information",
//   https://www.cpsc.gov/Recalls/CPSC-Recalls-Application-Program-Interface-API-Information
// - "CPSC Recalls Retrieval Web Services Programmers Guide: Recalls and Penalties Database", v1.0,
//   March 2015 (mirrored at https://1library.net/document/yn61l50q-recalls-retrieval-services-programmers-guide-recalls-penalties-database.html):
//   search parameters RecallNumber, RecallDateStart/End, LastPublishDateStart/End, RecallTitle,
//   ProductName, Manufacturer, Retailer, …, `format=json`; returned data RecallID, RecallNumber,
//   RecallDate, Description, URL, Title, ConsumerContact, LastPublishDate, Products[] (Name,
//   Description, Model, Type, CategoryID, NumberOfUnits), Manufacturers[] / Retailers[] /
//   Importers[] / Distributors[] (Name, CompanyID), Hazards[] (Name, HazardType, HazardTypeID),
//   Remedies[] (Name), Images[] (URL), Injuries[] (Name), ManufacturerCountries[] (Country).
// - The same lists with an example answer (RecallNumber "14189", RecallDate "2014-05-22T00:00:00"
//   for release 14-189): https://github.com/presidential-innovation-fellows/recalls-api/wiki/data-sources
// A recall number is the release number without its hyphen (14-189 → "14189"); where the page quoted
// gives no number, the record's number says so ("unquoted-…").

export interface CpscRecordJson {
  RecallID: number;
  RecallNumber: string;
  RecallDate: string;
  Description: string;
  URL: string | null;
  Title: string;
  ConsumerContact: string;
  LastPublishDate: string;
  Products: {
    Name: string;
    Description: string;
    Model: string;
    Type: string;
    CategoryID: string;
    NumberOfUnits: string;
  }[];
  Manufacturers: { Name: string; CompanyID: string }[];
  Importers: { Name: string; CompanyID: string }[];
  Distributors: { Name: string; CompanyID: string }[];
  Retailers: { Name: string; CompanyID: string }[];
  Hazards: { Name: string; HazardType: string; HazardTypeID: string }[];
  Remedies: { Name: string }[];
  Images: { URL: string }[];
  Injuries: { Name: string }[];
  ManufacturerCountries: { Country: string }[];
}

let id = 9000;
const company = (Name: string) => ({ Name, CompanyID: '' });
const record = (r: {
  number: string;
  date: string;
  published?: string;
  title: string;
  url?: string | null;
  description?: string;
  products: { name: string; model?: string; units?: string }[];
  manufacturers?: string[];
  importers?: string[];
  retailers?: string[];
  hazard: string;
  remedy: string;
  country?: string;
}): CpscRecordJson => ({
  RecallID: ++id,
  RecallNumber: r.number,
  RecallDate: `${r.date}T00:00:00`,
  Description: r.description ?? '',
  URL: r.url ?? null,
  Title: r.title,
  ConsumerContact: '',
  LastPublishDate: `${r.published ?? r.date}T00:00:00`,
  Products: r.products.map((p) => ({
    Name: p.name,
    Description: '',
    Model: p.model ?? '',
    Type: '',
    CategoryID: '',
    NumberOfUnits: p.units ?? '',
  })),
  Manufacturers: (r.manufacturers ?? []).map(company),
  Importers: (r.importers ?? []).map(company),
  Distributors: [],
  Retailers: (r.retailers ?? []).map(company),
  Hazards: [{ Name: r.hazard, HazardType: '', HazardTypeID: '' }],
  Remedies: [{ Name: r.remedy }],
  Images: [],
  Injuries: [],
  ManufacturerCountries: r.country ? [{ Country: r.country }] : [],
});

export const REAL = {
  // https://www.cpsc.gov/Recalls/2022/Huffy-Corporation-Recalls-Ride-On-Toys-Due-to-Fall-and-Injury-Hazards (2022-08-25)
  huffy: record({
    number: 'unquoted-huffy-2022',
    date: '2022-08-25',
    title: 'Huffy Corporation Recalls Ride-On Toys Due to Fall and Injury Hazards',
    url: 'https://www.cpsc.gov/Recalls/2022/Huffy-Corporation-Recalls-Ride-On-Toys-Due-to-Fall-and-Injury-Hazards',
    description: "This recall involves Blue's Clues Foot to Floor Ride-on Toys.",
    products: [{ name: "Blue's Clues Foot to Floor Ride-on Toys", model: '55061', units: 'About 28,550' }],
    manufacturers: ['Huffy Corporation, of Miamisburg, Ohio'],
    hazard:
      'The ride-on toy can tip forward when a young child is riding it, posing fall and injury hazards to children.',
    remedy: 'Contact the firm for a free kit with instructions to install a new stop bar on the ride-on toy.',
  }),
  // https://www.cpsc.gov/Recalls/2020/step2-recalls-childrens-grocery-shopping-carts-due-to-laceration-hazard
  // (recall number 20-081, 2020-02-27)
  step2Carts: record({
    number: '20081',
    date: '2020-02-27',
    title: 'Step2 Recalls Children’s Grocery Shopping Carts Due to Laceration Hazard',
    url: 'https://www.cpsc.gov/Recalls/2020/step2-recalls-childrens-grocery-shopping-carts-due-to-laceration-hazard',
    products: [{ name: 'Little Helper’s™ children’s grocery shopping carts', model: '700000', units: 'About 17,000' }],
    manufacturers: ['The Step2 Company LLC, of Streetsboro, Ohio'],
    retailers: ['BJ Wholesale Club', 'Kohl’s'],
    hazard: 'The shopping cart’s basket can break into sharp pieces, posing a laceration hazard.',
    remedy: 'Refund',
  }),
  // Release 10-229, 2010-05-11: https://beautifydata.com/us-cpsc/consumer-product-recall-detail/2010/10-229/push-around-and-whisper-ride-buggies
  // and CPSC's own OnSafety post http://www.cpsc.gov/onsafety/2010/05/2-5-million-push-toys-recalled-handle-detaches/
  step2Buggies: record({
    number: '10229',
    date: '2010-05-11',
    title: 'Step2® Recalls to Repair Riding Toys Due to Risk of Injury',
    products: [{ name: 'Push Around and Whisper Ride Buggies', units: 'About 2.5 million' }],
    manufacturers: ['Step2 Company, of Streetsboro, Ohio'],
    hazard:
      'A pin attaching to the yellow knob on the handle of the buggy can loosen, causing the handle to detach from the buggy. This poses a serious risk of injury to young children.',
    remedy: 'Consumers should immediately stop using the recalled buggy and contact Step2 for a free repair kit.',
  }),
  // The recall summary of 2019-04-12 as CBS Denver republished it the same day:
  // https://denver.cbslocal.com/2019/04/12/fisher-price-recalls-rock-n-play-sleepers-infant-deaths/ ; CPSC
  // re-announced it on 2023-01-09 (https://spectrumlocalnews.com/us/national/news/2023/01/10/cpsc-recalls-fisher-price-sleeper-kids2-rocker),
  // which is why the watcher reads by last publish date.
  rockNPlay: record({
    number: 'unquoted-rock-n-play-2019',
    date: '2019-04-12',
    published: '2023-01-09',
    title: 'Fisher-Price Recalls Rock ‘n Play Sleepers Due to Reports of Deaths',
    products: [{ name: 'All Models of Rock ‘n Play Sleeper', units: 'About 4.7 million products' }],
    manufacturers: ['Fisher-Price, of East Aurora, New York'],
    retailers: ['Walmart', 'Target', 'Amazon'],
    hazard:
      'Infant fatalities have occurred in Rock ‘n Play Sleepers, after the infants rolled from their back to their stomach or side while unrestrained, or under other circumstances.',
    remedy: 'Consumers should immediately stop using the product and contact Fisher-Price for a refund or voucher.',
  }),
  // Release 08-380, 2008-08-28: https://recalls.justia.com/infants-and-children/pacifiers-and-accessories/08-380
  // ("“HABA” is printed on them"; the chart of models begins with the Triolino Puzzle).
  haba: record({
    number: '08380',
    date: '2008-08-28',
    title: 'Wooden Infant Toys Recalled by Habermaass Corp. Due to Choking Hazard',
    products: [
      { name: 'Wooden Puzzles, Infant Rattles, Pacifier Holders, and Stroller Toys', units: 'About 118,000' },
      { name: 'Wooden Puzzles, Infant Rattles, Pacifier Holders, and Stroller Toys', model: 'Triolino Puzzle' },
    ],
    manufacturers: ['Habermaass Corp. Inc., of Skaneateles, N.Y.'],
    hazard:
      'The wooden rattles, pacifier holders, and stroller toys contain small pieces including glued on mirrors and/or prisms that can detach, posing a choking hazard to infants. The head of the ladybug puzzle pieces also poses a choking hazard.',
    remedy:
      'Consumers should immediately take the recalled puzzles, rattles, pacifier holders and stroller toys away from children and contact Habermaass to receive a free replacement product or a full refund.',
    country: 'Germany',
  }),
  // The Toy Association's list of 2012 recalls, quoting CPSC's release (the page gives the year only):
  // https://toyassociation.org/toys/advocacy/recalls/2012-recalls.aspx
  sassy: record({
    number: 'unquoted-sassy-2012',
    date: '2012-01-01',
    title: "Sassy and Carter's-branded Hug N' Tug Baby Toys Recalled Due to Choking Hazard",
    products: [
      {
        name: "Sassy®-branded Hug N' Tug Puppy and Monkey and Carter's®-branded Hug N' Tug Monkey Toys",
        units: 'About 45,300',
      },
    ],
    importers: ['Sassy, Inc., of Kentwood, Mich.'],
    retailers: ['Toys R Us', 'Target'],
    hazard:
      'The beads inside the clear plastic sphere at the center of the toys can be released and pose a choking hazard to young children.',
    remedy: 'Refund (the remedy is not quoted: the page is cut off there)',
  }),
  // Release 09-030, 2008-10-30, as archived from cpsc.gov:
  // https://webarchive.library.unt.edu/eot2008/20081102143130/http://www.cpsc.gov/cpscpub/prerel/prhtml09/09030.html
  earthFriendly: record({
    number: '09030',
    date: '2008-10-30',
    title: 'Wooden Toys Recalled by Earth Friendly Due To Choking Hazards',
    description:
      'This recall involves three models of wooden toys. Moee the car, Cubby the stackable bear and the Bell rattle.',
    products: [{ name: 'Wooden Toys', units: 'About 1,000' }],
    importers: ['Earth Friendly LLC, of Beaverton, Ore.'],
    hazard:
      'Small parts can detach and break from the toy, posing a choking hazard to young children. In addition, the size of the rattle handle violates voluntary rattle standards.',
    remedy:
      'Consumers should immediately take the recalled toys away from children and contact Earth Friendly to exchange or refund the product.',
    country: 'India',
  }),
  // A retailer's recall, CPSC's release text as quoted at http://bbs.angui.org.cn/thread-3674-12-1.html
  // (sold October 2006 through November 2007; the page gives no date of its own).
  christmasTreeShops: record({
    number: 'unquoted-christmas-tree-shops',
    date: '2008-01-01',
    title: 'Toy Wooden Block and Train Sets Recalled By Christmas Tree Shops Due to Violation of Lead Paint Standard',
    products: [{ name: 'Big Wooden Blocks and Jumbo Wooden Train Sets', units: 'About 15,000' }],
    manufacturers: ['First Learning Company Ltd., of Hong Kong'],
    retailers: ['Christmas Tree Shops, of South Yarmouth, Mass.'],
    hazard:
      'Surface paint on some pieces of the toys contains excessive levels of lead, violating the federal lead paint standard.',
    remedy: 'Refund (the remedy is not quoted: the page is cut off there)',
  }),
};
