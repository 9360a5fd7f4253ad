// Whether a local stack has stopped: no process whose command line names its port (netlify-cli
// and what it started) and nothing listening on the port. Linux: read from /proc.
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';

/** Processes whose command line names this port (`--port <port>`). */
export function processesOnPort(port: number): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(`--port ${port}`)) found.push(`${pid} ${cmd.slice(0, 120)}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

export const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** What is left of the stack on `port` once it is gone, or after `ms`: `{ processes: [], open: false }` when stopped. */
export async function gone(port: number, ms = 30_000): Promise<{ processes: string[]; open: boolean }> {
  const until = Date.now() + ms;
  for (;;) {
    const processes = processesOnPort(port);
    const open = await portOpen(port);
    if ((!processes.length && !open) || Date.now() > until) return { processes, open };
    await new Promise((r) => setTimeout(r, 500));
  }
}
