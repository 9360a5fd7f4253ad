// A small DNS server on loopback for the link-check attack tests. Its answers are written in the
// question itself, so a test in any process gets the behaviour it needs without talking to it:
// `<nonce>.<step>.<step>….dns.test` answers the first query of that name (per record type) with
// the first step's addresses, the next with the next step's, and repeats the last step after that.
// A step is one or more addresses joined by `_`, each written with `-` for `.` or `:`
// (`127-0-0-1`, `64-ff9b--7f00-1`). `localhost` is loopback (RFC 6761); any other name is NXDOMAIN.
import dgram from 'node:dgram';
import { isIP } from 'node:net';
import * as dns from 'dns-packet';

const SUFFIX = '.dns.test';
const NXDOMAIN = 3;

/** A name this server resolves to `steps[0]`, then `steps[1]`, … (unique per call). */
let counter = 0;
export function dnsName(...steps: string[][]): string {
  const label = (a: string) => a.replace(/[.:]/g, '-');
  return `n${process.pid}x${++counter}x${Date.now()}.${steps.map((s) => s.map(label).join('_')).join('.')}${SUFFIX}`;
}

function address(label: string): string | null {
  const v4 = label.replace(/-/g, '.');
  if (isIP(v4) === 4) return v4;
  const v6 = label.replace(/-/g, ':');
  return isIP(v6) === 6 ? v6 : null;
}

/** The addresses of `type` to answer for `name` at its `n`-th query, or null for NXDOMAIN. */
function answer(name: string, type: string, n: number): string[] | null {
  const lower = name.toLowerCase();
  if (lower === 'localhost') return [type === 'AAAA' ? '::1' : '127.0.0.1'];
  if (!lower.endsWith(SUFFIX)) return null;
  const steps = lower.slice(0, -SUFFIX.length).split('.').slice(1);
  if (steps.length === 0) return null;
  const step = steps[Math.min(n, steps.length - 1)]!.split('_').map(address);
  if (step.some((a) => a === null)) return null;
  return (step as string[]).filter((a) => isIP(a) === (type === 'AAAA' ? 6 : 4));
}

export interface TestDns {
  /** `host:port`, as LINK_CHECK_DNS_SERVER takes it. */
  server: string;
  /** The environment that points the stack's check_links at this server (and counts 127.0.0.2 as public). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startTestDns(): Promise<TestDns> {
  const socket = dgram.createSocket('udp4');
  const asked = new Map<string, number>();
  socket.on('message', (msg, peer) => {
    let query: dns.Packet;
    try {
      query = dns.decode(msg);
    } catch {
      return;
    }
    const q = query.questions?.[0];
    if (!q) return;
    const key = `${q.type} ${q.name.toLowerCase()}`;
    const n = asked.get(key) ?? 0;
    asked.set(key, n + 1);
    const found = q.type === 'A' || q.type === 'AAAA' ? answer(q.name, q.type, n) : null;
    const reply = dns.encode({
      type: 'response',
      id: query.id ?? 0,
      flags: dns.RECURSION_DESIRED | dns.RECURSION_AVAILABLE | (found === null ? NXDOMAIN : 0),
      questions: query.questions ?? [],
      answers: (found ?? []).map((data) => ({ type: q.type as 'A', name: q.name, ttl: 0, class: 'IN' as const, data })),
    });
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  // The global set-up process lives as long as the test run; the socket must not keep it alive.
  socket.unref();
  const server = `127.0.0.1:${socket.address().port}`;
  return {
    server,
    env: { LINK_CHECK_DNS_SERVER: server, LINK_CHECK_ALLOW_ADDRESSES: '127.0.0.2' },
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
