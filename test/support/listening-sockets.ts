// The TCP sockets a process and its descendants listen on, read from /proc (Linux): what `ss -ltnp`
// shows, limited to one process tree, so a test can say which addresses a started stack is bound to.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface Listening {
  pid: number;
  command: string;
  address: string;
  port: number;
}

/** Every live process with its parent's pid. */
function processes(): { pid: number; ppid: number; command: string }[] {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      found.push({ pid: Number(name), ppid, command });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** `root` and every process below it. */
export function processTree(root: number): { pid: number; command: string }[] {
  const all = processes();
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (tree.has(p.ppid) && !tree.has(p.pid)) {
        tree.add(p.pid);
        grew = true;
      }
  }
  return all.filter((p) => tree.has(p.pid));
}

/** An address of /proc/net/tcp{,6}: 32-bit words in host (little-endian) byte order. */
function address(hex: string): string {
  const bytes = hex.match(/.{8}/g)!.flatMap((word) =>
    word
      .match(/../g)!
      .reverse()
      .map((b) => parseInt(b, 16)),
  );
  if (bytes.length === 4) return bytes.join('.');
  const groups = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16));
  const full = groups.join(':');
  if (full === '0:0:0:0:0:0:0:0') return '::';
  if (full === '0:0:0:0:0:0:0:1') return '::1';
  if (full.startsWith('0:0:0:0:0:ffff:')) return `::ffff:${bytes.slice(12).join('.')}`;
  return full;
}

/** Listening TCP sockets by inode. */
function listeningByInode(): Map<string, { address: string; port: number }> {
  const sockets = new Map<string, { address: string; port: number }>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== '0A') continue; // 0A: LISTEN
      const [addr, port] = f[1]!.split(':');
      sockets.set(f[9]!, { address: address(addr!), port: parseInt(port!, 16) });
    }
  }
  return sockets;
}

/** The listening TCP sockets of `root` and its descendants. */
export function listeningSockets(root: number): Listening[] {
  const sockets = listeningByInode();
  const found: Listening[] = [];
  for (const { pid, command } of processTree(root)) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        const socket = inode && sockets.get(inode);
        if (socket) found.push({ pid, command: command.slice(0, 80), ...socket });
      } catch {
        // closed meanwhile
      }
    }
  }
  return found;
}

export const isLoopbackAddress = (a: string) => a === '::1' || /^(::ffff:)?127\./.test(a);
