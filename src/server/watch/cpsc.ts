// CPSC's recall service (SaferProducts.gov, keyless JSON): `GET {RECALLS_API_URL}?format=json` with
// LastPublishDateStart/LastPublishDateEnd (YYYY-MM-DD) for a window, or Manufacturer for a company.
// Field names as CPSC documents them (its Recalls Retrieval Web Services Programmers Guide; the
// "CPSC Recalls API Information" page): RecallNumber, RecallDate, Title, URL, LastPublishDate,
// Products[].Name/Model, Manufacturers[].Name, Importers[].Name, Retailers[].Name, Hazards[].Name,
// Remedies[].Name. Anything else in an answer is ignored; an answer that is not JSON or not an
// array of such records is an error (the watcher logs it and retries at its next run).
import { z } from 'zod';
import { RecallSourceError, type Recall, type RecallSource } from './recall-source.ts';

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
});
export const CpscAnswer = z.array(CpscRecord);

const list = (items: readonly { Name?: string | null | undefined }[] | null | undefined) =>
  (items ?? []).map((i) => i.Name?.trim() ?? '').filter(Boolean);

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
  };
}

export interface CpscOptions {
  /** RECALLS_API_URL: CPSC's service, or a loopback server in tests. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** How long one answer may take. */
  timeoutMs?: number;
  userAgent?: string;
}

export function cpscSource(opts: CpscOptions): RecallSource {
  const fetchFn = opts.fetch ?? globalThis.fetch;
  async function ask(params: Record<string, string>, what: string): Promise<Recall[]> {
    const url = new URL(opts.baseUrl);
    url.searchParams.set('format', 'json');
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let body: string;
    try {
      const res = await fetchFn(url, {
        headers: { accept: 'application/json', ...(opts.userAgent ? { 'user-agent': opts.userAgent } : {}) },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      body = await res.text();
      if (!res.ok) throw new RecallSourceError(`CPSC answered HTTP ${res.status} for ${what}`);
    } catch (err) {
      if (err instanceof RecallSourceError) throw err;
      const why =
        err instanceof Error ? (err.name === 'TimeoutError' ? 'no answer in time' : err.message) : String(err);
      throw new RecallSourceError(`CPSC could not be read for ${what}: ${why}`);
    }
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
    name: 'U.S. CPSC',
    maxWindowDays: 31,
    published: (from, to) =>
      ask({ LastPublishDateStart: from, LastPublishDateEnd: to }, `the recalls published ${from} to ${to}`),
    byCompany: (company) => ask({ Manufacturer: company }, `the recalls of ${JSON.stringify(company)}`),
  };
}
