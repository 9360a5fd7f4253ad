// Decap's global Media page uploads and deletes pictures with commits straight to the base branch,
// outside any review. This media library switches that page off: pictures are added only from a
// product's own form (src/editor/widgets.ts), into the product's branch.
import type { Decap } from './decap.ts';
import { ENTRY_MEDIA_LIBRARY } from '../outputs/editor-names.ts';

export function registerMediaLibrary(CMS: Decap): void {
  CMS.registerMediaLibrary({
    name: ENTRY_MEDIA_LIBRARY,
    init: () => ({
      show: () => undefined,
      hide: () => undefined,
      onClearControl: () => undefined,
      onRemoveControl: () => undefined,
      enableStandalone: () => false,
    }),
  });
}
