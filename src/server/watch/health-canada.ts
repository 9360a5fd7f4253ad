// Health Canada's recalls and safety alerts (keyless open data, Open Government Licence – Canada):
// the whole database as one JSON file, published daily, read once a day at
// HEALTH_CANADA_RECALLS_URL (its public address by default, src/config/env.ts; the dataset "Recalls and safety alerts" on
// open.canada.ca, the site https://recalls-rappels.canada.ca). It is about 16 MB (15,719,914 bytes
// measured by a third party in 2026) and grows: the cap is 64 MB.
// The format, as no page of Health Canada's own describes it: the file's field names could only be
// confirmed from published copies quoted in public code (records "verbatim from the live bulk JSON",
// e.g. NID 82628, and a consumer-product row, NID 82252): a JSON array of records with NID, Title,
// URL, Organization, Product, Issue, "What you should do", Category, "Recall class", "Last updated"
// (YYYY-MM-DD), Archived ("0"/"1"). There is no brand and no barcode field (UPCs are only on the
// recall's page), and no publication date: "Last updated" is the recall's date here.
// Read: only consumer-product records (Organization "Consumer product safety", the value quoted
// for them; food is CFIA's, vehicles Transport Canada's, drugs and devices their own) and not the
// French copies (a URL under /fr/). The brand and the product's name are matched as words of the
// title and product text (./recall-match.ts). The old healthycanadians.gc.ca API (recent recalls
// only) is not used.
import { z } from 'zod';
import { RECALL_SOURCE_NAMES } from '../../catalog/recall-watch-file.ts';
import { sourceReader, type SourceReadOptions } from './bounded-read.ts';
import { RecallSourceError, type Recall, type RecallSource } from './recall-source.ts';

/** Four times the file's size in 2026. */
export const HEALTH_CANADA_CAP_BYTES = 64 * 1_048_576;

const text = z.string().nullish();

export const HealthCanadaRecord = z.looseObject({
  NID: z.union([z.string().trim().min(1), z.number().int()]),
  Title: text,
  URL: text,
  Organization: text,
  Product: text,
  Issue: text,
  'What you should do': text,
  Category: text,
  'Recall class': text,
  'Last updated': text,
  Archived: z.union([z.string(), z.number()]).nullish(),
});
export const HealthCanadaFile = z.array(HealthCanadaRecord);
type Row = z.infer<typeof HealthCanadaRecord>;

/** Consumer products, in the words the file uses for their organization. */
export const isConsumerProduct = (r: Row) => /\bconsumer product/i.test(r.Organization ?? '');

/** The page's text without the HTML entities the file carries (`related&nbsp;side effects`) and tags. */
const plain = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

export function fromHealthCanada(r: Row): Recall {
  const number = String(r.NID).trim();
  const title = plain(r.Title) || `Health Canada recall ${number}`;
  const product = plain(r.Product);
  const date = /^\d{4}-\d{2}-\d{2}/.test(r['Last updated'] ?? '') ? r['Last updated']!.slice(0, 10) : '';
  return {
    source: 'health-canada',
    number,
    date,
    title,
    url: r.URL?.trim() || null,
    products: product ? [product] : [],
    manufacturers: [],
    importers: [],
    retailers: [],
    hazards: [plain(r.Issue)].filter(Boolean),
    remedies: [plain(r['What you should do'])].filter(Boolean),
    barcodes: [],
    text: `${title} ${product}`,
  };
}

export interface HealthCanadaOptions extends SourceReadOptions {
  url: string;
}

export function healthCanadaSource(opts: HealthCanadaOptions): RecallSource {
  const read = sourceReader(
    'Health Canada',
    { capBytes: HEALTH_CANADA_CAP_BYTES, timeoutMs: 20_000, accept: 'application/json' },
    opts,
  );
  return {
    id: 'health-canada',
    name: RECALL_SOURCE_NAMES['health-canada'],
    due: (mark, today) => (mark.readThrough ?? '') < today,
    async next(_mark, today, limits) {
      const body = await read(opts.url, 'its daily file', limits);
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        throw new RecallSourceError(
          `Health Canada's daily file is not JSON (it begins ${JSON.stringify(body.subarray(0, 40).toString('utf8'))})`,
        );
      }
      if (!Array.isArray(json)) throw new RecallSourceError("Health Canada's daily file is not a list of records");
      const recalls: Recall[] = [];
      for (const [i, row] of json.entries()) {
        if (i % 4096 === 0 && limits.now() >= limits.deadline)
          throw new RecallSourceError("Health Canada's daily file was not read to its end: the run's time ran out");
        // Five records in six are food, drugs, devices or vehicles: passed over before any checking.
        const organization =
          row && typeof row === 'object' ? (row as { Organization?: unknown }).Organization : undefined;
        if (typeof organization !== 'string' || !/\bconsumer product/i.test(organization)) {
          if (!row || typeof row !== 'object' || Array.isArray(row))
            throw new RecallSourceError(
              `Health Canada's daily file is not its known format (record ${i} is not an object)`,
            );
          continue;
        }
        const parsed = HealthCanadaRecord.safeParse(row);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw new RecallSourceError(
            `Health Canada's daily file is not its known format (record ${i}, at ${issue.path.join('.') || 'the top'}: ${issue.message})`,
          );
        }
        const r = parsed.data;
        if (/\/fr\//.test(r.URL ?? '')) continue;
        recalls.push(fromHealthCanada(r));
      }
      return {
        recalls,
        what: `its daily file (${recalls.length} consumer-product records of ${json.length})`,
        mark: { readThrough: today, cursor: null },
      };
    },
  };
}
