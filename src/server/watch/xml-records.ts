// A reader for the flat XML records a recall source publishes (the EU's Safety Gate reports): the
// records directly under the root, each as the texts (cut to XML_VALUE_CHARS) of the child elements
// asked for. The streaming parser saxes reads the text once, in chunks, asking a budget before each
// one (the run's deadline), so a hostile file costs work in proportion to its size and stops when
// the run's time is up; no regular expression reads the XML. Nothing is fetched or expanded (no
// DTD, no external entities).
import { SaxesParser } from 'saxes';

/** What a document must look like, and what of it is kept. */
export interface XmlShape {
  /** The root element's name; any other root is refused at its first tag. */
  root: string;
  /** The element, directly under the root, that each record is. */
  record: string;
  /** The record's child elements whose text is kept (the first of each name). */
  fields: readonly string[];
  /** Elements directly under the root whose text is kept (the first of each name). */
  texts?: readonly string[];
}

/** The work done so far: chunks written to the parser, their characters, and the parser's events. */
export interface XmlWork {
  chunks: number;
  chars: number;
  events: number;
}

export interface XmlRead {
  records: Map<string, string>[];
  texts: Map<string, string>;
  work: XmlWork;
}

export interface XmlReadOptions {
  /** Asked before each chunk is parsed, with the work done so far: throws to stop the read. */
  check?: (work: XmlWork) => void;
  chunkChars?: number;
}

/** Characters written to the parser at a time (a chunk costs well under a millisecond). */
export const XML_CHUNK_CHARS = 65_536;
/** The most records a document may hold (a report has about 80 alerts, the list about 1,100 reports). */
export const XML_MAX_RECORDS = 20_000;
/** The most characters kept of one value (before trimming): what reads it later reads little. */
export const XML_VALUE_CHARS = 10_000;

/** A document that is not of the shape asked for: another root, not well-formed, or too many records. */
export class XmlShapeError extends Error {
  readonly why: 'root' | 'malformed' | 'records';
  /** The work done when the read stopped. */
  readonly work: XmlWork;
  constructor(why: XmlShapeError['why'], message: string, work: XmlWork) {
    super(message);
    this.why = why;
    this.work = work;
  }
}

/** The parser's own words for an entity it does not know: kept as written, not an error. */
const UNKNOWN_ENTITY = 'undefined entity.';
const MESSAGE_CHARS = 160;

export async function readXml(xml: string, shape: XmlShape, opts: XmlReadOptions = {}): Promise<XmlRead> {
  const chunk = opts.chunkChars ?? XML_CHUNK_CHARS;
  const work: XmlWork = { chunks: 0, chars: 0, events: 0 };
  const records: Map<string, string>[] = [];
  const texts = new Map<string, string>();
  const fail = (why: XmlShapeError['why'], message: string) => new XmlShapeError(why, message, { ...work });
  let depth = 0;
  let record: Map<string, string> | null = null;
  /** The element whose text is being gathered: its depth, name, and where the text goes. */
  let capture: { depth: number; name: string; into: Map<string, string>; parts: string[]; size: number } | null = null;

  const parser = new SaxesParser();
  parser.on('error', (err) => {
    if (err.message.endsWith(UNKNOWN_ENTITY)) return;
    throw fail('malformed', err.message.slice(0, MESSAGE_CHARS));
  });
  parser.on('opentag', (tag) => {
    work.events++;
    depth++;
    if (depth === 1) {
      if (tag.name !== shape.root)
        throw fail('root', `its root element is <${tag.name.slice(0, 40)}>, not <${shape.root}>`);
    } else if (depth === 2 && tag.name === shape.record) {
      if (records.length >= XML_MAX_RECORDS) throw fail('records', `it has more than ${XML_MAX_RECORDS} records`);
      record = new Map();
      records.push(record);
    } else if (!capture) {
      const into = depth === 2 && shape.texts?.includes(tag.name) ? texts : depth === 3 ? record : null;
      const wanted = into === texts || (into !== null && shape.fields.includes(tag.name));
      if (into && wanted && !into.has(tag.name)) capture = { depth, name: tag.name, into, parts: [], size: 0 };
    }
  });
  const text = (t: string) => {
    work.events++;
    if (!capture || capture.size >= XML_VALUE_CHARS) return;
    const kept = t.slice(0, XML_VALUE_CHARS - capture.size);
    capture.parts.push(kept);
    capture.size += kept.length;
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', () => {
    work.events++;
    if (capture?.depth === depth) {
      capture.into.set(capture.name, capture.parts.join('').trim());
      capture = null;
    }
    if (depth === 2) record = null;
    depth--;
  });

  for (let at = 0; at < xml.length; at += chunk) {
    opts.check?.({ ...work });
    const part = xml.slice(at, at + chunk);
    work.chunks++;
    work.chars += part.length;
    parser.write(part);
    // Lets the run's other reads go on between chunks.
    if (at + chunk < xml.length) await new Promise((resolve) => setImmediate(resolve));
  }
  parser.close();
  return { records, texts, work };
}
