// The browser editor at /admin: runs after Decap CMS's script (self-hosted, composed by the build
// from its npm packages, src/editor/decap-app.ts; the page loads it first, and it never starts
// Decap), registers the project's parts (the editor's words, the product-file format, the recall
// watch list's format and its check before a save, the widgets, the preview, the media library,
// the notices around its steps, what publishing would change, Publish offered to others only) and
// starts it with /admin/config.yml. The page's own "Opening the editor…" goes once Decap has drawn.
import { PRODUCT_FORMAT } from '../outputs/editor-names.ts';
import { DECAP_PHRASES, EDITOR_LOCALE } from '../outputs/editor-words.ts';
import { decap } from './decap.ts';
import { productFormat } from './format.ts';
import { registerMediaLibrary } from './media.ts';
import { registerPreview } from './preview.ts';
import { endSessionsOnSignOut, keepScreenAcrossSignIn, takeSignInRefusal, useEditorAddress } from './session.ts';
import { notice } from './notice.ts';
import { watchSteps } from './steps.ts';
import { sayHintsOnSave } from './hints.ts';
import { showWhatWaits } from './waiting.ts';
import { offerPublishToOthersOnly } from './own-save.ts';
import { showWhatPublishingChanges } from './review.ts';
import { registerWatchList } from './watch-format.ts';
import { registerWidgets } from './widgets.ts';

useEditorAddress();
keepScreenAcrossSignIn();
const refusal = takeSignInRefusal();
endSessionsOnSignOut(DECAP_PHRASES.ui.settingsDropdown.logOut);
const { CMS } = decap();
CMS.registerLocale(EDITOR_LOCALE, DECAP_PHRASES);
CMS.registerCustomFormat(PRODUCT_FORMAT, 'md', productFormat);
// Before watchSteps: a watch list with a mistake is refused before “Saving…” is shown.
registerWatchList(CMS);
registerMediaLibrary(CMS);
registerWidgets(CMS);
registerPreview(CMS);
watchSteps(CMS);
sayHintsOnSave(CMS); // after watchSteps: its end of a save takes the notice down first
offerPublishToOthersOnly(CMS);
showWhatPublishingChanges(CMS);
CMS.init();
if (refusal) notice(refusal, { mistake: true, ms: 0 });
showWhatWaits();

// The page's own header (the site's name, "Opening the editor…") gives way once Decap has drawn,
// but stays above the sign-in button: src/editor/editor.css reads these two classes, and the
// height of the form's bar where a phone keeps it at the bottom (--editor-bar: the form and the
// notices end above it).
const root = () => document.getElementById('nc-root');
setInterval(() => {
  document.body.classList.toggle('editor-drawn', Boolean(root()?.childElementCount));
  document.body.classList.toggle('editor-signing-in', Boolean(document.querySelector('[class*="-LoginButton"]')));
  const bar = document.querySelector<HTMLElement>('[class*="-ToolbarSectionMain"]');
  const low = bar && getComputedStyle(bar).position === 'fixed' ? bar.offsetHeight : 0;
  document.documentElement.style.setProperty('--editor-bar', `${low}px`);
}, 100);
