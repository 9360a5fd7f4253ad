// The Safety Gate's XML as a hostile server could write it (src/server/watch/xml-records.ts): the
// inputs that took a regular-expression reader exponential time (CDATA sections in an unclosed
// field: 380 bytes took 8.8 s, ×2.5 a section) and quadratic time (records that never close) are
// read in linear work, counted, never timed: every character is written to the parser once, in
// chunks, the budget is asked before each chunk, and the parser's events grow with the input.
import { describe, expect, it } from 'vitest';
import {
  readXml,
  XML_VALUE_CHARS,
  XmlShapeError,
  type XmlShape,
  type XmlWork,
} from '../../src/server/watch/xml-records.ts';

const REPORT: XmlShape = { root: 'Safety-Gate', record: 'notifications', fields: ['caseNumber', 'brand'] };
const CHUNK = 64;

/** Reads `xml` in chunks of CHUNK characters, recording the work the budget was shown each time. */
async function counted(xml: string, shape: XmlShape = REPORT) {
  const seen: XmlWork[] = [];
  let outcome: { work: XmlWork; error: unknown };
  try {
    outcome = {
      work: (await readXml(xml, shape, { chunkChars: CHUNK, check: (w) => void seen.push({ ...w }) })).work,
      error: null,
    };
  } catch (error) {
    outcome = { work: (error as XmlShapeError).work, error };
  }
  return { seen, ...outcome };
}

/** CDATA sections in a field that is never closed: the regular expression's exponential input. */
const sections = (n: number) =>
  `<Safety-Gate><notifications><caseNumber>${'<![CDATA[x]]>'.repeat(n)}</notifications></Safety-Gate>`;
/** Records opened and never closed: the regular expression's quadratic input. */
const unclosed = (n: number) => `<Safety-Gate>${'<notifications>'.repeat(n)}</Safety-Gate>`;

describe('hostile XML is read in linear work', () => {
  it('the 380-byte nested-section input: refused as not well-formed after reading each character once', async () => {
    const xml = sections(26);
    expect(xml.length).toBeGreaterThanOrEqual(380);
    const r = await counted(xml);
    expect(r.error).toBeInstanceOf(XmlShapeError);
    expect((r.error as XmlShapeError).why).toBe('malformed');
    expect(r.work.chars).toBeLessThanOrEqual(xml.length);
    // The budget was asked before every chunk written.
    expect(r.seen).toHaveLength(Math.ceil(r.work.chars / CHUNK));
  });

  it.each([
    ['nested sections', sections],
    ['unclosed records', unclosed],
  ])('%s: twice the input is at most twice the work', async (_name, make) => {
    const small = await counted(make(2_000));
    const large = await counted(make(4_000));
    const ratio = (a: XmlWork, b: XmlWork) => ({ chars: b.chars / a.chars, events: b.events / a.events });
    const r = ratio(small.work, large.work);
    expect(r.chars).toBeLessThanOrEqual(2.01);
    expect(r.events).toBeLessThanOrEqual(2.01);
    expect(large.work.events).toBeLessThanOrEqual(make(4_000).length);
    expect(large.seen.length).toBe(Math.ceil(large.work.chars / CHUNK));
  });

  it('the budget stops the read inside the document: nothing after the chunk it refused is parsed', async () => {
    const xml = `<Safety-Gate>${'<notifications><caseNumber>SR/1</caseNumber></notifications>'.repeat(10_000)}</Safety-Gate>`;
    let asked = 0;
    const stop = new Error('time is up');
    await expect(
      readXml(xml, REPORT, {
        chunkChars: CHUNK,
        check: () => {
          if (++asked > 5) throw stop;
        },
      }),
    ).rejects.toBe(stop);
    expect(asked).toBe(6);
  });

  it('sixty thousand records are not the format: the read stops at the records allowed', async () => {
    const r = await counted(`<Safety-Gate>${'<notifications/>'.repeat(60_000)}</Safety-Gate>`);
    expect((r.error as Error).message).toMatch(/more than [\d,]+ records/);
    expect(r.work.chars).toBeLessThan(60_000 * 16);
  });

  it('another root is refused at its first tag, before the rest is read', async () => {
    const html = `<!DOCTYPE html><html><body>${'<p>x</p>'.repeat(10_000)}</body></html>`;
    const r = await counted(html);
    expect((r.error as XmlShapeError).why).toBe('root');
    expect(r.work.chars).toBeLessThanOrEqual(CHUNK);
  });
});

describe('the documented shape', () => {
  it('reads each record’s fields (CDATA, entities, character references), the root’s texts, and nothing else', async () => {
    const xml = `<?xml version="1.0"?>
<!-- a comment <notifications><caseNumber>no</caseNumber></notifications> -->
<Safety-Gate>
  <report_date>28/08/2026</report_date>
  <notifications><caseNumber><![CDATA[SR/1]]></caseNumber><brand>A &amp; B&#33;</brand><other>x</other><brand>second</brand></notifications>
  <notifications><caseNumber>SR/2</caseNumber><brand><b>nested</b> text</brand></notifications>
  <elsewhere><notifications><caseNumber>deeper</caseNumber></notifications></elsewhere>
</Safety-Gate>`;
    const r = await readXml(xml, { ...REPORT, texts: ['report_date'] });
    expect(r.texts.get('report_date')).toBe('28/08/2026');
    expect(r.records.map((m) => Object.fromEntries(m))).toEqual([
      { caseNumber: 'SR/1', brand: 'A & B!' },
      { caseNumber: 'SR/2', brand: 'nested text' },
    ]);
  });

  it('a value is kept to its first XML_VALUE_CHARS characters, however long the element', async () => {
    const xml = `<Safety-Gate><notifications><brand> ${'b'.repeat(1_000_000)}</brand></notifications></Safety-Gate>`;
    const r = await readXml(xml, REPORT);
    expect(r.records[0]!.get('brand')).toBe('b'.repeat(XML_VALUE_CHARS - 1));
  });

  it('a value split across chunks, and a character outside the BMP split between them, reads whole', async () => {
    const xml = `<Safety-Gate><notifications><brand>${'ab😀'.repeat(50)}</brand></notifications></Safety-Gate>`;
    const r = await readXml(xml, REPORT, { chunkChars: 7 });
    expect(r.records[0]!.get('brand')).toBe('ab😀'.repeat(50));
  });
});
