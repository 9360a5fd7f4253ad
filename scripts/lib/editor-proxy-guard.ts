// What the editor's local proxy accepts (scripts/editor-proxy.ts). decap-server has no
// authentication and answers any request that reaches it, and every web page a developer visits
// can send requests to localhost. So before decap-server sees a request:
//   - its Host must be a loopback name with the proxy's port (a DNS-rebinding page sends its own
//     host name), and its Origin must be the stack's own (a foreign page sends its own origin; a
//     request without one did not come from the editor);
//   - its action must be one the editorial workflow needs, on the editor's own base branch: saves go
//     to `cms/…` branches, never straight to a base branch (the global media library's uploads and
//     deletions, a save outside the workflow), and no request names another branch to merge into;
//   - every path it names must be a product file or a product picture.
import { PRODUCT_IMAGES_DIR } from '../../src/catalog/images.ts';
import { PRODUCTS_DIR } from '../../src/catalog/load.ts';

export interface GuardOptions {
  /** The stack's own origin, e.g. http://localhost:8888. */
  origin: string;
  /** The proxy's port: the only port a Host header may name. */
  port: number;
  /** The editor's base branch in its worktree (the only branch a request may name). */
  branch: string;
}

export interface Refusal {
  status: 400 | 403;
  error: string;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The actions of the editorial workflow, and the paths each names. */
const ACTIONS: Record<string, (params: Record<string, unknown>) => unknown[]> = {
  info: () => [],
  entriesByFolder: (p) => [`${String(p.folder)}/`],
  entriesByFiles: (p) => (Array.isArray(p.files) ? p.files.map((f) => (f as { path?: unknown })?.path) : [undefined]),
  getEntry: (p) => [p.path],
  unpublishedEntries: () => [],
  unpublishedEntry: () => [],
  unpublishedEntryDataFile: (p) => [p.path],
  unpublishedEntryMediaFile: (p) => [p.path],
  deleteUnpublishedEntry: () => [],
  persistEntry: (p) => {
    const files = [p.entry, ...(Array.isArray(p.dataFiles) ? p.dataFiles : [])].filter(Boolean) as {
      path?: unknown;
      newPath?: unknown;
    }[];
    const assets = Array.isArray(p.assets) ? (p.assets as { path?: unknown }[]) : [];
    return [
      ...files.flatMap((f) => [f.path, ...(f.newPath === undefined ? [] : [f.newPath])]),
      ...assets.map((a) => a?.path),
    ];
  },
  updateUnpublishedEntryStatus: () => [],
  publishUnpublishedEntry: () => [],
  getMedia: (p) => [`${String(p.mediaFolder)}/`],
  getMediaFile: (p) => [p.path],
  getDeployPreview: () => [],
};

const FOLDERS = [`${PRODUCTS_DIR}/`, `${PRODUCT_IMAGES_DIR}/`];
/** A product file or picture (or one of their folders), as a plain relative path. */
const allowedPath = (p: unknown): boolean =>
  typeof p === 'string' &&
  p.length < 300 &&
  /^[\w./-]+$/.test(p) &&
  !p.split('/').some((seg) => seg === '..' || seg === '.') &&
  FOLDERS.some((f) => p === f || (p.startsWith(f) && !p.slice(f.length).includes('/')));

/** Why a request must not reach decap-server, or null when it may. */
export function refusal(
  opts: GuardOptions,
  req: { method: string; host: string | undefined; origin: string | undefined; body: unknown },
): Refusal | null {
  const hosts = LOOPBACK_NAMES.map((n) => `${n}:${opts.port}`);
  if (!req.host || !hosts.includes(req.host.toLowerCase()))
    return { status: 403, error: `Host ${JSON.stringify(req.host ?? '')} is not this proxy's loopback address.` };
  if (req.origin !== opts.origin)
    return { status: 403, error: `Origin ${JSON.stringify(req.origin ?? '')} is not the editor's (${opts.origin}).` };
  if (req.method === 'OPTIONS') return null;
  if (req.method !== 'POST') return { status: 403, error: 'The editor proxy takes POST requests only.' };
  const body = req.body as { action?: unknown; params?: Record<string, unknown> } | undefined;
  const action = typeof body?.action === 'string' ? body.action : '';
  const paths = Object.hasOwn(ACTIONS, action) ? ACTIONS[action]! : undefined;
  if (!paths)
    return { status: 403, error: `The action ${JSON.stringify(action)} is not part of the editorial workflow.` };
  if (action === 'info') return null;
  const params = body?.params ?? {};
  if (params.branch !== opts.branch)
    return {
      status: 403,
      error: `Requests name the editor's base branch ${opts.branch}, not ${JSON.stringify(params.branch)}.`,
    };
  if (action === 'persistEntry' && (params.options as { useWorkflow?: unknown } | undefined)?.useWorkflow !== true)
    return { status: 403, error: 'A save outside the editorial workflow would commit straight to the base branch.' };
  const wrong = paths(params).filter((p) => !allowedPath(p));
  if (wrong.length)
    return {
      status: 403,
      error: `The editor writes and reads product files and pictures only, not ${JSON.stringify(wrong[0])}.`,
    };
  return null;
}

type Next = () => void;
interface Req {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}
interface Res {
  status(code: number): { json(body: unknown): void };
}

/** The guard as express middleware (after express.json, so the body is parsed). */
export function editorProxyGuard(opts: GuardOptions) {
  return (req: Req, res: Res, next: Next) => {
    const one = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);
    const refused = refusal(opts, {
      method: req.method,
      host: one(req.headers.host),
      origin: one(req.headers.origin),
      body: req.body,
    });
    if (refused) {
      console.error(`editor proxy: refused ${req.method} (${refused.status}): ${refused.error}`);
      return res.status(refused.status).json({ error: refused.error });
    }
    next();
  };
}
