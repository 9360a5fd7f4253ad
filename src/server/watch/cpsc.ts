// CPSC's recall service (SaferProducts.gov, keyless JSON): `GET {RECALLS_API_URL}?format=json` with
// LastPublishDateStart/LastPublishDateEnd (YYYY-MM-DD) for a window, or Manufacturer for a company.
// Field names as CPSC documents them (its Recalls Retrieval Web Services Programmers Guide; the
// "CPSC Recalls API Information" page,
// https://www.cpsc.gov/Recalls/CPSC-Recalls-Application-Program-Interface-API-Information):
// RecallNumber, RecallDate, Title, URL, LastPublishDate, Products[].Name/Model, Manufacturers[].Name,
// Importers[].Name, Retailers[].Name, Hazards[].Name, Remedies[].Name. ProductUPCs is listed by the
// guide (nested ProductUPC/UPC in its XML), but its JSON shape could not be confirmed: UPCs are read
// from it when it is a list of strings or of objects with a UPC, and it is ignored otherwise.
// Anything else in an answer is ignored; an answer that is not JSON or not an array of such records
// is an error (the watcher logs it and retries at its next run). The source reads windows of 31
// days from its mark (five years back the first time), and answers its company search.
import { z } from 'zod';
import { toGtin14 } from '../../catalog/gtin.ts';
import { RECALL_SOURCE_NAMES } from '../../catalog/recall-watch-file.ts';
import { sourceReader, type SourceReadOptions } from './bounded-read.ts';
import {
  addDays,
  firstDay,
  RecallSourceError,
  type ReadLimits,
  type Recall,
  type RecallSource,
} from './recall-source.ts';

const text = z.string().nullish();
const Named = z.looseObject({ Name: text });
const names = z.array(Named).nullish();

/** One record of the service's JSON answer. */
export const CpscRecord = z.looseObject({
  RecallNumber: z.union([z.string().trim().min(1), z.number().int()]),
  RecallDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'a date such as 2019-04-12T00:00:00'),
  Title: text,
  URL: text,
  LastPublishDate: text,
  Products: z.array(z.looseObject({ Name: text, Model: text })).nullish(),
  Manufacturers: names,
  Importers: names,
  Retailers: names,
  Hazards: names,
  Remedies: names,
  ProductUPCs: z.unknown().optional(),
});
export const CpscAnswer = z.array(CpscRecord);

const list = (items: readonly { Name?: string | null | undefined }[] | null | undefined) =>
  (items ?? []).map((i) => i.Name?.trim() ?? '').filter(Boolean);

/** The valid barcodes of ProductUPCs, whichever of the two plausible shapes it has, as GTIN-14. */
function upcs(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const raw = value.map((v: unknown) =>
    typeof v === 'string' ? v : v && typeof v === 'object' && 'UPC' in v ? String((v as { UPC: unknown }).UPC) : '',
  );
  return [...new Set(raw.map(toGtin14).filter((g): g is string => g !== null))];
}

export function fromCpsc(r: z.infer<typeof CpscRecord>): Recall {
  return {
    source: 'cpsc',
    number: String(r.RecallNumber).trim(),
    date: r.RecallDate.slice(0, 10),
    title: r.Title?.trim() || `CPSC recall ${String(r.RecallNumber)}`,
    url: r.URL?.trim() || null,
    products: (r.Products ?? []).flatMap((p) => [p.Name?.trim() ?? '', p.Model?.trim() ?? '']).filter(Boolean),
    manufacturers: list(r.Manufacturers),
    importers: list(r.Importers),
    retailers: list(r.Retailers),
    hazards: list(r.Hazards),
    remedies: list(r.Remedies),
    barcodes: upcs(r.ProductUPCs),
  };
}

export interface CpscOptions extends SourceReadOptions {
  /** RECALLS_API_URL: CPSC's service, or a loopback server in tests. */
  baseUrl: string;
}

/** The longest window one request asks for. */
export const CPSC_WINDOW_DAYS = 31;
/** CPSC's answers: a month of recalls is tens of kilobytes, a big brand's whole history a few megabytes. */
export const CPSC_CAP_BYTES = 32 * 1_048_576;

export function cpscSource(opts: CpscOptions): RecallSource {
  const read = sourceReader('CPSC', { capBytes: CPSC_CAP_BYTES, timeoutMs: 15_000, accept: 'application/json' }, opts);
  async function ask(params: Record<string, string>, what: string, limits: ReadLimits): Promise<Recall[]> {
    const url = new URL(opts.baseUrl);
    url.searchParams.set('format', 'json');
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const body = (await read(url, what, limits)).toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new RecallSourceError(
        `CPSC's answer for ${what} is not JSON (it begins ${JSON.stringify(body.slice(0, 40))})`,
      );
    }
    const parsed = CpscAnswer.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new RecallSourceError(
        `CPSC's answer for ${what} is not its documented format (at ${issue.path.join('.') || 'the top'}: ${issue.message})`,
      );
    }
    return parsed.data.map(fromCpsc);
  }
  return {
    id: 'cpsc',
    name: RECALL_SOURCE_NAMES.cpsc,
    // Each day's read starts again at the last day read: what was published after that read.
    due: (mark, today) => (mark.readThrough ?? '') < today,
    async next(mark, today, limits) {
      const from = mark.readThrough ?? firstDay(today);
      const to = [addDays(from, CPSC_WINDOW_DAYS - 1), today].sort()[0]!;
      const what = `the recalls published ${from} to ${to}`;
      const recalls = await ask({ LastPublishDateStart: from, LastPublishDateEnd: to }, what, limits);
      return { recalls, what: `${from}..${to}`, mark: { readThrough: to, cursor: null } };
    },
    byCompany: (company, limits) => ask({ Manufacturer: company }, `the recalls of ${JSON.stringify(company)}`, limits),
  };
}
