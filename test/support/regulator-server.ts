// Stand-ins on loopback for Health Canada's daily file and the EU Safety Gate's weekly reports,
// serving the formats their readers quote (./regulator-records.ts): the file as a JSON array at its
// published path; the list of weekly reports as XML, each report at the URL the list gives, which
// (as the live server does) must be requested with its `search` parameter, or a JavaScript shell
// comes back. A test can make the next answers fail: an HTTP error, no answer, text of another
// format, an endless body, or a body that trickles a byte at a time. Every request is recorded.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HealthCanadaRow, SafetyGateReport } from './regulator-records.ts';

export type Failure = 'http-500' | 'hang' | 'not-the-format' | 'endless' | 'trickle';

const HC_PATH = '/sites/default/files/opendata-donneesouvertes/HCRSAMOpenData.json';
const SG_LIST = '/safety-gate-alerts/api/download/weeklyReport/list/xml/en';
const SG_REPORT = '/safety-gate-alerts/api/download/weeklyReport/detail/xml/';

export interface RegulatorServer {
  healthCanadaUrl: string;
  safetyGateUrl: string;
  healthCanada: HealthCanadaRow[];
  safetyGate: SafetyGateReport[];
  /** Every request's path and query. */
  requests: string[];
  /** Bytes written in answers so far. */
  bytesSent: number;
  /** The next `times` answers for `which` fail this way. */
  fail(which: 'health-canada' | 'safety-gate', how: Failure, times?: number): void;
  stop(): Promise<void>;
}

const cdata = (v: string) => `<![CDATA[${v.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

export function reportXml(r: SafetyGateReport): string {
  const [d, m, y] = r.publicationDate.split('/');
  const alerts = r.alerts
    .map(
      (a) =>
        `  <notifications>\n${Object.entries(a)
          .map(([k, v]) => `    <${k}>${cdata(v)}</${k}>`)
          .join('\n')}\n  </notifications>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Safety-Gate>\n  <report_date>${d}/${m}/${y}</report_date>\n${alerts}\n</Safety-Gate>\n`;
}

export async function startRegulatorServer(): Promise<RegulatorServer> {
  const failures = { 'health-canada': [] as Failure[], 'safety-gate': [] as Failure[] };
  let port = 0;
  let hcCache: { rows: HealthCanadaRow[]; count: number; body: string } | null = null;
  const self: RegulatorServer = {
    healthCanadaUrl: '',
    safetyGateUrl: '',
    healthCanada: [],
    safetyGate: [],
    requests: [],
    bytesSent: 0,
    fail(which, how, times = 1) {
      for (let i = 0; i < times; i++) failures[which].push(how);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const send = (res: ServerResponse, type: string, body: string) => {
    self.bytesSent += Buffer.byteLength(body);
    res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
  };
  /** Answers a failure, or returns false when there is none to answer. */
  const failed = (res: ServerResponse, how: Failure | undefined): boolean => {
    if (!how) return false;
    if (how === 'hang') return true;
    if (how === 'http-500') return (res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Error</h1>'), true);
    if (how === 'not-the-format')
      return (send(res, 'text/html', '<!DOCTYPE html><title>Maintenance</title><p>Back soon.</p>'), true);
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    if (how === 'endless') {
      // As fast as the reader takes it, for ever.
      const chunk = Buffer.alloc(1_048_576, 0x20);
      const pump = () => {
        while (!res.destroyed) {
          self.bytesSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
      return true;
    }
    const timer = setInterval(() => {
      self.bytesSent += 1;
      res.write(' ');
    }, 100);
    res.on('close', () => clearInterval(timer));
    return true;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    self.requests.push(url.pathname + url.search);
    if (url.pathname === HC_PATH) {
      if (failed(res, failures['health-canada'].shift())) return;
      // Serialised once per set of records (the benchmark's 16 MB file is asked for many times).
      if (hcCache?.rows !== self.healthCanada || hcCache.count !== self.healthCanada.length)
        hcCache = { rows: self.healthCanada, count: self.healthCanada.length, body: JSON.stringify(self.healthCanada) };
      return send(res, 'application/json', hcCache.body);
    }
    if (url.pathname === SG_LIST) {
      if (failed(res, failures['safety-gate'].shift())) return;
      const list = self.safetyGate
        .map(
          (r) =>
            `<weeklyReport><reference>${r.reference}</reference><publicationDate>${r.publicationDate}</publicationDate>` +
            `<URL>http://127.0.0.1:${port}${SG_REPORT}${r.id}?language=en&amp;search=WEB_REPORT|:|${r.id},</URL></weeklyReport>`,
        )
        .join('\n');
      return send(
        res,
        'application/xml',
        `<?xml version="1.0" encoding="UTF-8"?>\n<Safety-Gate>\n${list}\n</Safety-Gate>\n`,
      );
    }
    if (url.pathname.startsWith(SG_REPORT)) {
      const id = Number(url.pathname.slice(SG_REPORT.length));
      const r = self.safetyGate.find((x) => x.id === id);
      if (!r) return res.writeHead(404).end();
      if (failed(res, failures['safety-gate'].shift())) return;
      if (url.searchParams.get('search') !== `WEB_REPORT|:|${id},`)
        return send(res, 'text/html', '<!doctype html><html><script src="main.js"></script></html>');
      return send(res, 'application/xml', reportXml(r));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  self.healthCanadaUrl = `http://127.0.0.1:${port}${HC_PATH}`;
  self.safetyGateUrl = `http://127.0.0.1:${port}${SG_LIST}`;
  return self;
}
