// What the site says about its last build, for the curators' editor to read without signing in
// (after publishing it says how long the site's last update took): a small static JSON the build
// writes last (src/build/catalog-outputs.ts), so its figure covers the whole build.
import { EDITOR_PATH } from '../catalog/urls.ts';

/** Where the build writes it: under /admin, revalidated on each read like the editor's page. */
export const BUILD_INFO_PATH = `${EDITOR_PATH}/build.json`;

export interface BuildInfo {
  /** When the build finished (ISO 8601, the real clock, not a pretended build time). */
  builtAt: string;
  /** Whole seconds from the build process's start (`astro build`) to its outputs written and proven: not a host's queue, install or deploy. */
  buildSeconds: number;
}

/** The file's text. */
export const buildInfoJson = (info: BuildInfo): string => `${JSON.stringify(info)}\n`;

/** A parsed file as BuildInfo, or null when it is not one (an old site, a broken file). */
export function readBuildInfo(json: unknown): BuildInfo | null {
  if (json === null || typeof json !== 'object') return null;
  const { builtAt, buildSeconds } = json as Record<string, unknown>;
  if (typeof builtAt !== 'string' || Number.isNaN(Date.parse(builtAt))) return null;
  if (typeof buildSeconds !== 'number' || !Number.isFinite(buildSeconds) || buildSeconds < 0) return null;
  return { builtAt, buildSeconds };
}
