// The preview pane: the product as its page shows it, in the site's own stylesheet (a copy the
// build puts at PREVIEW_STYLE_PATH), drawn by ./preview-page.ts, which is loaded the first time the
// preview is shown (a phone never shows it, so it never loads the Markdown renderer).
import { PREVIEW_STYLE_PATH } from '../catalog/urls.ts';
import { EDITOR_COLLECTION } from '../outputs/editor-names.ts';
import { decap, type Decap, type Element, type PreviewProps } from './decap.ts';

type Page = (props: PreviewProps) => Element;
let page: Page | null = null;
let loading: Promise<unknown> | null = null;

export function registerPreview(CMS: Decap): void {
  const { createClass } = decap();
  // The preview is drawn in a frame of its own: the stylesheet's address must be absolute.
  CMS.registerPreviewStyle(new URL(PREVIEW_STYLE_PATH, location.href).href);
  CMS.registerPreviewTemplate(
    EDITOR_COLLECTION,
    createClass<PreviewProps, unknown>({
      componentDidMount(this: { forceUpdate(): void }) {
        if (page) return;
        loading ??= import('./preview-page.ts').then((m) => (page = m.previewPage));
        void loading.then(() => this.forceUpdate());
      },
      render() {
        return page ? page(this.props) : null;
      },
    }),
  );
}
