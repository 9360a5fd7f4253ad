// Keeps the previous build for the next one: the output folder (dist/) and the build cache
// (.build-cache/: Astro's content store and incremental-build manifest, the outputs pass's
// ledgers). Restored before the build, saved after the deploy, both by moving (no copy): the deploy
// has already uploaded dist/ when onSuccess runs. A failed build saves nothing, so the next one
// starts cold. Local builds (netlify serve, netlify build) are left alone: their dist/ and
// .build-cache/ simply stay where they are. See docs/operate.md, "The build cache".
const FOLDERS = ['dist', process.env.ASTRO_CACHE_DIR || '.build-cache'];

export const onPreBuild = async ({ utils, constants }) => {
  if (constants.IS_LOCAL) return;
  const restored = await utils.cache.restore(FOLDERS, { move: true });
  console.log(restored ? `build cache: restored ${FOLDERS.join(', ')}` : 'build cache: none yet (cold build)');
};

export const onSuccess = async ({ utils, constants }) => {
  if (constants.IS_LOCAL) return;
  const saved = await utils.cache.save(FOLDERS, { move: true });
  console.log(saved ? `build cache: kept ${FOLDERS.join(', ')} for the next build` : 'build cache: nothing to keep');
};
