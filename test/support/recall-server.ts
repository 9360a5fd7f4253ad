// A stand-in for CPSC's recall service on loopback (RECALLS_API_URL), answering as its documentation
// says: CPSC's "Recalls Application Program Interface (API) Information"
// (https://www.cpsc.gov/Recalls/CPSC-Recalls-Application-Program-Interface-API-Information), its
// "Recalls Retrieval Web Services Programmers Guide" v1.0 (2015; mirrored at
// https://1library.net/document/yn61l50q-recalls-retrieval-services-programmers-guide-recalls-penalties-database.html)
// and the parameter and field lists at https://github.com/presidential-innovation-fellows/recalls-api/wiki/data-sources
// (more in ./cpsc-records.ts). GET <base>?format=json with LastPublishDateStart and
// LastPublishDateEnd (YYYY-MM-DD, inclusive, on each record's LastPublishDate) or Manufacturer (a
// case-insensitive part of a manufacturer's name), answered with a JSON array of recall records.
// A test can make the next answers fail: an HTTP error, text that is not JSON, JSON of another
// shape, or no answer at all. It records every query (GET /queries lists them for another process).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CpscRecordJson } from './cpsc-records.ts';

export type Failure = 'http-500' | 'not-json' | 'wrong-shape' | 'hang';

export interface RecallServer {
  /** The RECALLS_API_URL to configure. */
  url: string;
  records: CpscRecordJson[];
  /** Every query, as its search parameters. */
  queries: URLSearchParams[];
  /** The next `times` answers fail this way. */
  fail(how: Failure, times?: number): void;
  stop(): Promise<void>;
}

const PATH = '/RestWebServices/Recall';

export async function startRecallServer(records: CpscRecordJson[] = []): Promise<RecallServer> {
  const queries: URLSearchParams[] = [];
  const failures: Failure[] = [];
  const self = { records };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    // For tests in another process (the e2e suite): the queries so far, as query strings.
    if (url.pathname === '/queries')
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(queries.map(String)));
    if (url.pathname !== PATH) return res.writeHead(404).end();
    queries.push(url.searchParams);
    const failure = failures.shift();
    if (failure === 'hang') return;
    if (failure === 'http-500') return res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Server Error</h1>');
    if (failure === 'not-json')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><title>Maintenance</title>');
    if (failure === 'wrong-shape')
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Recalls: [] }));
    if (url.searchParams.get('format') !== 'json')
      return res.writeHead(200, { 'content-type': 'text/xml' }).end('<Recalls/>');
    const from = url.searchParams.get('LastPublishDateStart');
    const to = url.searchParams.get('LastPublishDateEnd');
    const maker = url.searchParams.get('Manufacturer')?.toLowerCase();
    const found = self.records.filter((r) => {
      const published = r.LastPublishDate.slice(0, 10);
      if (from && published < from) return false;
      if (to && published > to) return false;
      if (maker && !r.Manufacturers.some((m) => m.Name.toLowerCase().includes(maker))) return false;
      return true;
    });
    return res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${PATH}`,
    get records() {
      return self.records;
    },
    set records(r: CpscRecordJson[]) {
      self.records = r;
    },
    queries,
    fail(how, times = 1) {
      for (let i = 0; i < times; i++) failures.push(how);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
