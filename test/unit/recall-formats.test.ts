// How the recall sources read their published formats (src/server/watch/health-canada.ts,
// safety-gate.ts, xml-records.ts) and write their values to the log (log-text.ts), on real records
// quoted in test/support/regulator-records.ts.
import { describe, expect, it } from 'vitest';
import { fromHealthCanada, HealthCanadaRecord, isConsumerProduct } from '../../src/server/watch/health-canada.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBounded } from '../../src/server/watch/bounded-read.ts';
import { logQuoted, logSafe } from '../../src/server/watch/log-text.ts';
import {
  barcodesIn,
  fromAlert,
  isoDate,
  LIST_SHAPE,
  REPORT_SHAPE,
  weeklyReports,
} from '../../src/server/watch/safety-gate.ts';
import { readXml } from '../../src/server/watch/xml-records.ts';
import { HEALTH_CANADA, report, SAFETY_GATE } from '../support/regulator-records.ts';
import { reportXml } from '../support/regulator-server.ts';

const LIST = 'https://ec.europa.eu/safety-gate-alerts/api/download/weeklyReport/list/xml/en';

describe('Health Canada’s daily file', () => {
  it('keeps consumer products only, and reads a record’s text without its HTML entities', () => {
    const rows = Object.values(HEALTH_CANADA).map((r) => HealthCanadaRecord.parse(r));
    expect(rows.filter(isConsumerProduct).map((r) => r.NID)).toEqual(['82252']);
    const easymulti = fromHealthCanada(rows.find((r) => r.NID === '82628')!);
    expect(easymulti.remedies).toEqual(['Report any health product related side effects to Health Canada.']);
    expect(easymulti).toMatchObject({
      source: 'health-canada',
      number: '82628',
      date: '2026-09-16',
      manufacturers: [],
    });
    expect(fromHealthCanada(rows[0]!).text).toBe(
      'Certain food jars recalled due to laceration hazard Stainless King Food Jar',
    );
  });
});

describe('the Safety Gate’s weekly reports', () => {
  it('lists the reports oldest first by the number in their URL, kept as listed; a URL on another origin is left out', async () => {
    const xml = `<?xml version="1.0"?><Safety-Gate>
      <weeklyReport><reference>Report-2026-35</reference><publicationDate>04/09/2026</publicationDate><URL>https://ec.europa.eu/safety-gate-alerts/api/download/weeklyReport/detail/xml/10000321?language=en&amp;search=WEB_REPORT|:|10000321,</URL></weeklyReport>
      <weeklyReport><reference>Report-2026-34</reference><publicationDate>28/08/2026</publicationDate><URL>https://ec.europa.eu/safety-gate-alerts/api/download/weeklyReport/detail/xml/10000320?language=en</URL></weeklyReport>
      <weeklyReport><reference>Elsewhere</reference><publicationDate>28/08/2026</publicationDate><URL>https://example.com/report/12</URL></weeklyReport>
    </Safety-Gate>`;
    expect(weeklyReports((await readXml(xml, LIST_SHAPE)).records, LIST)).toEqual([
      {
        id: 10000320,
        reference: 'Report-2026-34',
        date: '2026-08-28',
        url: 'https://ec.europa.eu/safety-gate-alerts/api/download/weeklyReport/detail/xml/10000320?language=en',
      },
      {
        id: 10000321,
        reference: 'Report-2026-35',
        date: '2026-09-04',
        url: 'https://ec.europa.eu/safety-gate-alerts/api/download/weeklyReport/detail/xml/10000321?language=en&search=WEB_REPORT|:|10000321,',
      },
    ]);
  });

  it('reads an alert’s brand, name, model and barcodes; "Unknown" is no brand', async () => {
    const [a] = (await readXml(reportXml(report([SAFETY_GATE.ledTree])), REPORT_SHAPE)).records;
    expect(fromAlert(a!, '2026-08-28')).toMatchObject({
      number: 'SR/02362/26',
      title: 'LED tree: MICA',
      url: 'https://ec.europa.eu/safety-gate-alerts/screen/webReport/alertDetail/10118487',
      manufacturers: ['MICA'],
      products: ['1121031'],
      hazards: ['Environment', 'Excessive lead'],
      barcodes: ['08720362191049'],
    });
    expect(
      fromAlert(
        new Map([
          ['caseNumber', 'X'],
          ['brand', 'Unknown'],
        ]),
        '',
      )?.manufacturers,
    ).toEqual([]);
    expect(isoDate('4/9/2026')).toBe('2026-09-04');
  });

  it('finds every valid barcode in a field that lists several, and no lot number or wrong check digit', () => {
    expect(barcodesIn('8720362191049, 5 901234 123457; lot 20240115 / 8720362191048')).toEqual([
      '08720362191049',
      '05901234123457',
    ]);
  });

  it('expands no entity it does not know (no DTD, nothing fetched)', async () => {
    const xml = '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><r><n><a>&e;&amp;&#65;</a></n></r>';
    expect((await readXml(xml, { root: 'r', record: 'n', fields: ['a'] })).records[0]!.get('a')).toBe('&e;&A');
  });
});

describe('log text', () => {
  it('escapes every line break, control and format character, quoted or not', () => {
    expect(logSafe('22-999\nrecall watch: MATCH\r\u2028\u2029\u0085\u200b\t')).toBe(
      '22-999\\nrecall watch: MATCH\\r\\u2028\\u2029\\u0085\\u200b\\t',
    );
    expect(logQuoted('a "b"\n\u2028')).toBe('"a \\"b\\"\\n\\u2028"');
  });
});

describe('a bounded read', () => {
  it('refuses unread an answer that declares more than its cap (a 700 MB answer is never read to 512 MB)', async () => {
    let written = 0;
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(700 * 1_048_576) });
      const chunk = Buffer.alloc(65_536);
      const pump = () => {
        while (!res.destroyed && written < 700 * 1_048_576) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const read = readBounded(url, {
        source: 'CPSC',
        what: 'a window',
        capBytes: 32 * 1_048_576,
        timeoutMs: 10_000,
        deadline: { at: Date.now() + 10_000, now: Date.now },
        accept: 'application/json',
      });
      await expect(read).rejects.toThrow(
        'CPSC could not be read for a window: its answer would be 700 MB, more than the 32 MB allowed, so it was not read',
      );
      // What the server managed to push before the connection was dropped, not the 700 MB.
      expect(written).toBeLessThan(64 * 1_048_576);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('asks nothing once the run’s time is up', async () => {
    let asked = 0;
    const read = readBounded('http://127.0.0.1:9/', {
      source: 'Health Canada',
      what: 'its daily file',
      capBytes: 1,
      timeoutMs: 1000,
      deadline: { at: 0, now: () => 1 },
      accept: '*/*',
      fetch: (async () => (asked++, new Response(''))) as typeof fetch,
    });
    await expect(read).rejects.toThrow("Health Canada was not asked for its daily file: the run's time was up");
    expect(asked).toBe(0);
  });
});
