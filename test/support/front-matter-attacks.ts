// The attacks of the front-matter tests (test/unit/ and test/integration/front-matter-attacks.test.ts):
// product texts whose front matter is JavaScript, each carrying sentinels that show it ran.
import path from 'node:path';

/** The global an evaluated payload sets. */
export const GLOBAL = '__lhFM';

/** JavaScript that sets a global, writes `file` and returns the admin secret as the slug. */
export const payload = (file: string) =>
  `(globalThis.${GLOBAL}=1,process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(file)},''),{slug:String(process.env.AUTH_SECRET)})`;

/** A product text whose front matter opens with `opening` and holds the payload. */
export const attack = (opening: string, file: string) => `${opening}\n${payload(file)}\n---\nBody.\n`;

/** Fresh sentinel file names in `dir` (files that an evaluated payload would write). */
export function sentinelFiles(dir: string): () => string {
  let n = 0;
  return () => path.join(dir, `ran${++n}`);
}
