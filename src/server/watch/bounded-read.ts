// One request of a recall source, bounded whatever the source sends: its timeout is the smaller of
// its own and what is left of the run; the answer is read as a stream and abandoned as soon as it
// passes the source's size cap (a declared Content-Length over the cap is refused unread); and the
// run's deadline is checked between chunks. Every failure is a RecallSourceError in plain words.
import { RecallSourceError, type ReadLimits } from './recall-source.ts';

/** When the run must stop reading (epoch ms) and the clock it is measured with. */
export interface Deadline {
  at: number;
  now: () => number;
}

export interface BoundedRequest {
  /** For the error messages: `Health Canada`, and what was asked (`the daily file`). */
  source: string;
  what: string;
  /** The most bytes the answer may have; a bigger one is abandoned. */
  capBytes: number;
  /** The request's own timeout; the run's remaining time may shorten it. */
  timeoutMs: number;
  deadline: Deadline;
  accept: string;
  userAgent?: string | undefined;
  fetch?: typeof fetch | undefined;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(bytes < 10_485_760 ? 1 : 0)} MB`;

/** The answer's bytes, or a RecallSourceError saying why there are none. */
export async function readBounded(url: URL | string, r: BoundedRequest): Promise<Buffer> {
  const left = r.deadline.at - r.deadline.now();
  if (left <= 0) throw new RecallSourceError(`${r.source} was not asked for ${r.what}: the run's time was up`);
  const timeoutMs = Math.min(r.timeoutMs, left);
  const fetchFn = r.fetch ?? globalThis.fetch;
  const fail = (why: string) => new RecallSourceError(`${r.source} could not be read for ${r.what}: ${why}`);
  let res: Response;
  try {
    res = await fetchFn(url, {
      headers: { accept: r.accept, ...(r.userAgent ? { 'user-agent': r.userAgent } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
    });
  } catch (err) {
    throw fail(reason(err, timeoutMs));
  }
  const drop = () => res.body?.cancel().catch(() => {});
  if (!res.ok) {
    await drop();
    throw new RecallSourceError(`${r.source} answered HTTP ${res.status} for ${r.what}`);
  }
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > r.capBytes) {
    await drop();
    throw fail(`its answer would be ${mb(declared)}, more than the ${mb(r.capBytes)} allowed, so it was not read`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  try {
    while (reader) {
      if (r.deadline.now() >= r.deadline.at) throw fail(`the run's time ran out after ${mb(size)} of its answer`);
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > r.capBytes) throw fail(`its answer passed the ${mb(r.capBytes)} allowed, so it was abandoned there`);
      chunks.push(value);
    }
  } catch (err) {
    await reader?.cancel().catch(() => {});
    if (err instanceof RecallSourceError) throw err;
    throw fail(reason(err, timeoutMs));
  }
  return Buffer.concat(chunks, size);
}

function reason(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return `no complete answer within ${(timeoutMs / 1000).toFixed(1)} s`;
  const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return err instanceof Error ? `${err.message}${cause}` : String(err);
}

/** What the caller of a source may set of its reads (tests shorten them; a deploy takes the defaults). */
export interface SourceReadOptions {
  /** The largest answer read. */
  capBytes?: number;
  /** How long one answer may take (the run's remaining time may shorten it). */
  timeoutMs?: number;
  userAgent?: string;
  fetch?: typeof fetch;
}

/** A source's reads, with its name, limits and Accept said once: each read says what it asks. */
export function sourceReader(
  source: string,
  defaults: { capBytes: number; timeoutMs: number; accept: string },
  opts: SourceReadOptions,
): (url: URL | string, what: string, limits: ReadLimits) => Promise<Buffer> {
  return (url, what, limits) =>
    readBounded(url, {
      source,
      what,
      capBytes: opts.capBytes ?? defaults.capBytes,
      timeoutMs: opts.timeoutMs ?? defaults.timeoutMs,
      deadline: { at: limits.deadline, now: limits.now },
      accept: defaults.accept,
      userAgent: opts.userAgent,
      fetch: opts.fetch,
    });
}
