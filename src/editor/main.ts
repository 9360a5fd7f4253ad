// The browser editor at /admin: loads Decap CMS's prebuilt bundle (self-hosted, copied by the
// build from its npm package), registers the project's parts (the product-file format, the
// widgets, the preview, the media library) and starts it with /admin/config.yml.
import { PRODUCT_FORMAT } from '../outputs/editor-names.ts';
import { EDITOR_BUNDLE_PATH } from '../catalog/urls.ts';
import { decap, loadDecap } from './decap.ts';
import { productFormat } from './format.ts';
import { registerMediaLibrary } from './media.ts';
import { registerPreview } from './preview.ts';
import { registerWidgets } from './widgets.ts';

await loadDecap(EDITOR_BUNDLE_PATH);
const { CMS } = decap();
CMS.registerCustomFormat(PRODUCT_FORMAT, 'md', productFormat);
registerMediaLibrary(CMS);
registerWidgets(CMS);
registerPreview(CMS);
CMS.init();
