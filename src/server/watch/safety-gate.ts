// The EU's Safety Gate (the rapid alert system for dangerous non-food products, formerly RAPEX):
// its weekly reports as keyless XML, the distribution the Commission publishes as open data
// (https://ec.europa.eu/safety-gate-alerts/, data.europa.eu; CC BY 4.0). SAFETY_GATE_REPORTS_URL
// (https://ec.europa.eu/safety-gate-alerts/api/download/weeklyReport/list/xml/en by default) lists every weekly report since 2005 (about 470 KB in 2026):
//   <Safety-Gate><weeklyReport><reference>Report-2026-34</reference>
//     <publicationDate>28/08/2026</publicationDate><URL>…/weeklyReport/detail/xml/10000320?…</URL>
//   </weeklyReport>…</Safety-Gate>
// and each report (about 65–80 alerts, a few hundred kilobytes) holds its alerts as
//   <notifications><caseNumber>SR/02362/26</caseNumber><reference>…/alertDetail/10118487</reference>
//     <category/><product/><brand/><name/><type_numberOfModel/><batchNumber/><barcode/><riskType/>
//     <danger/><description/><measures/><notifyingCountry/><countryOfOrigin/><level/></notifications>
// with most values in CDATA. No page of the Commission's own describing these fields could be found:
// the element names are confirmed only by public code that reads the live files (2026), which
// also says a report's URL must be requested as listed (its `search=WEB_REPORT|:|<id>,` part
// included) and that older reports carry `batchNumber_barcode` instead of `barcode`; both are read.
// A report is identified by the number at the end of its URL's path; the watcher's cursor is the
// last one read, so only reports not yet seen are read (the first time, the last five years', the
// oldest first, as many as fit in a run). A report's URL must be on the list's own origin. Both are
// read by a streaming parser (./xml-records.ts) that stops when the run's time is up.
import { toGtin14 } from '../../catalog/gtin.ts';
import { RECALL_SOURCE_NAMES } from '../../catalog/recall-watch-file.ts';
import { sourceReader, type SourceReadOptions } from './bounded-read.ts';
import { firstDay, RecallSourceError, type ReadLimits, type Recall, type RecallSource } from './recall-source.ts';
import { readXml, XmlShapeError, type XmlRead, type XmlShape } from './xml-records.ts';

/** The list is under half a megabyte, a report a few hundred kilobytes: both capped far above. */
export const SAFETY_GATE_CAP_BYTES = 16 * 1_048_576;

export interface WeeklyReport {
  id: number;
  reference: string;
  /** YYYY-MM-DD. */
  date: string;
  url: string;
}

/** DD/MM/YYYY (the reports' dates) as YYYY-MM-DD, or '' when it is not one. */
export function isoDate(european: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(european.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : '';
}

/** The list's shape: its weekly reports. */
export const LIST_SHAPE: XmlShape = {
  root: 'Safety-Gate',
  record: 'weeklyReport',
  fields: ['reference', 'publicationDate', 'URL'],
};

/** A report's shape: its date and its alerts, with the fields fromAlert reads. */
export const REPORT_SHAPE: XmlShape = {
  root: 'Safety-Gate',
  record: 'notifications',
  fields: [
    'caseNumber',
    'reference',
    'product',
    'brand',
    'name',
    'type_numberOfModel',
    'barcode',
    'batchNumber_barcode',
    'riskType',
    'danger',
    'measures',
  ],
  texts: ['report_date'],
};

/** The number at the end of a path (`…/detail/xml/10000320`, a trailing slash allowed), or null. */
function lastNumber(path: string): number | null {
  const parts = path.split('/');
  const last = parts.at(-1) || parts.at(-2) || '';
  return last.length > 0 && last.length <= 12 && [...last].every((c) => c >= '0' && c <= '9') ? Number(last) : null;
}

/** The weekly reports of the list, oldest first; those without a numbered URL on the list's origin are left out. */
export function weeklyReports(records: readonly Map<string, string>[], listUrl: string): WeeklyReport[] {
  const origin = new URL(listUrl).origin;
  const out: WeeklyReport[] = [];
  for (const r of records) {
    const raw = r.get('URL') ?? '';
    let url: URL;
    try {
      url = new URL(raw, listUrl);
    } catch {
      continue;
    }
    const id = lastNumber(url.pathname);
    if (id === null || url.origin !== origin) continue;
    out.push({
      id,
      reference: (r.get('reference') || `report ${id}`).slice(0, 80),
      date: isoDate(r.get('publicationDate') ?? ''),
      url: url.href,
    });
  }
  return out.sort((a, b) => a.id - b.id);
}

/** Every valid barcode in a field that may list several ("8720362191049, 8720362191056"), as GTIN-14. */
export function barcodesIn(text: string): string[] {
  const found = text.match(/\d(?:\d|[ -](?=\d)){6,17}/g) ?? [];
  return [...new Set(found.map(toGtin14).filter((g): g is string => g !== null))];
}

const known = (v: string | undefined) => (v && !/^(?:unknown|n\/?a|-+)$/i.test(v.trim()) ? v.trim() : '');

/** One alert of a report as a recall, dated by its report. */
export function fromAlert(a: Map<string, string>, reportDate: string): Recall | null {
  const number = known(a.get('caseNumber'));
  if (!number) return null;
  const brand = known(a.get('brand'));
  const name = known(a.get('name'));
  const model = known(a.get('type_numberOfModel'));
  const product = known(a.get('product'));
  const link = a.get('reference') ?? '';
  return {
    source: 'safety-gate',
    number,
    date: reportDate,
    title:
      [product, [brand, name].filter(Boolean).join(' ')].filter(Boolean).join(': ') || `Safety Gate alert ${number}`,
    url: /^https?:\/\//.test(link) ? link : null,
    products: [name, model].filter(Boolean),
    manufacturers: brand ? [brand] : [],
    importers: [],
    retailers: [],
    hazards: [known(a.get('riskType')), known(a.get('danger'))].filter(Boolean),
    remedies: [known(a.get('measures'))].filter(Boolean),
    barcodes: barcodesIn(`${a.get('barcode') ?? ''} ${a.get('batchNumber_barcode') ?? ''}`),
  };
}

export interface SafetyGateOptions extends SourceReadOptions {
  url: string;
}

export function safetyGateSource(opts: SafetyGateOptions): RecallSource {
  /** The list, read once a run (a source is made for each run). */
  let list: { day: string; reports: WeeklyReport[] } | null = null;
  const read = sourceReader(
    'Safety Gate',
    { capBytes: SAFETY_GATE_CAP_BYTES, timeoutMs: 10_000, accept: 'application/xml, text/xml' },
    opts,
  );
  /** `what` at `url` (`asked`: how the request names it), read as the XML of `shape` until the run's time is up. */
  const get = async (
    url: string,
    what: string,
    asked: string,
    shape: XmlShape,
    limits: ReadLimits,
  ): Promise<XmlRead> => {
    const bytes = await read(url, asked, limits);
    const kb = (n: number) => Math.ceil(n / 1024);
    try {
      return await readXml(bytes.toString('utf8'), shape, {
        check: (work) => {
          if (limits.now() >= limits.deadline)
            throw new RecallSourceError(
              `Safety Gate's ${what} was not read to its end: the run's time ran out after ${kb(work.chars)} of its ${kb(bytes.length)} kilobytes`,
            );
        },
      });
    } catch (err) {
      if (!(err instanceof XmlShapeError)) throw err;
      throw new RecallSourceError(
        err.why === 'root'
          ? `Safety Gate's ${what} is not its known XML (it begins ${JSON.stringify(bytes.subarray(0, 40).toString('utf8'))})`
          : err.why === 'records'
            ? `Safety Gate's ${what} is not its known XML (${err.message})`
            : `Safety Gate's ${what} is not well-formed XML (${err.message})`,
      );
    }
  };
  return {
    id: 'safety-gate',
    name: RECALL_SOURCE_NAMES['safety-gate'],
    due: (mark, today) => (mark.readThrough ?? '') < today,
    async next(mark, today, limits) {
      if (list?.day !== today) {
        const doc = await get(opts.url, 'list of weekly reports', 'its list of weekly reports', LIST_SHAPE, limits);
        list = { day: today, reports: weeklyReports(doc.records, opts.url) };
      }
      const after = mark.cursor === null ? null : Number(mark.cursor);
      const since = firstDay(today);
      const unseen = list.reports.filter((r) => (after === null ? r.date >= since : r.id > after));
      const report = unseen[0];
      if (!report)
        return { recalls: [], what: 'no new weekly report', mark: { readThrough: today, cursor: mark.cursor } };
      const what = `weekly report ${report.reference}`;
      const doc = await get(report.url, what, what, REPORT_SHAPE, limits);
      const date = isoDate(doc.texts.get('report_date') ?? '') || report.date;
      const recalls = doc.records.map((a) => fromAlert(a, date)).filter((r): r is Recall => r !== null);
      return {
        recalls,
        what: `weekly report ${report.reference}`,
        mark: { readThrough: unseen.length === 1 ? today : mark.readThrough, cursor: String(report.id) },
      };
    },
  };
}
