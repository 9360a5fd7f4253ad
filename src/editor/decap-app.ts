// Decap CMS as the site's editor uses it, composed from Decap's own packages as decap-cms-app
// composes all of them: its core, the git-gateway backend (the site's sign-in and gateway), the
// test backend (the editor benchmark's, scripts/bench/editor-stand.ts), the seven widgets the
// form's own widgets wrap (src/editor/widgets.ts) and the object widget a list's rows use, and
// Decap's English (the editor's words are merged over it, src/outputs/editor-words.ts).
// src/build/editor-bundle.ts bundles this file alone into a classic script under /decap/<release>/,
// served immutable; it never starts Decap: the editor's code registers its parts first, then
// calls CMS.init(). Measured against Decap's prebuilt bundle of the same core (5.2 MB with every
// backend, widget and locale): 2.4 MB, and a phone opens the editor in about half the time
// (docs/bench.md, "The curators' editor on a phone").
import createClass from 'create-react-class';
import { GitGatewayBackend } from 'decap-cms-backend-git-gateway';
import { TestBackend } from 'decap-cms-backend-test';
import { DecapCmsCore } from 'decap-cms-core';
import { en } from 'decap-cms-locales';
import boolean from 'decap-cms-widget-boolean';
import datetime from 'decap-cms-widget-datetime';
import list from 'decap-cms-widget-list';
import number from 'decap-cms-widget-number';
import object from 'decap-cms-widget-object';
import select from 'decap-cms-widget-select';
import string from 'decap-cms-widget-string';
import text from 'decap-cms-widget-text';
import { createElement } from 'react';
import type { Decap } from './decap.ts';

const CMS = DecapCmsCore as unknown as Decap & {
  registerBackend(name: string, backend: unknown): void;
  registerWidget(widgets: unknown[]): void;
};
CMS.registerBackend('git-gateway', GitGatewayBackend);
CMS.registerBackend('test-repo', TestBackend);
CMS.registerWidget([string, text, select, boolean, number, datetime, list, object].map((w) => w.Widget()));
CMS.registerLocale('en', en);

window.CMS = CMS;
window.h = createElement as NonNullable<Window['h']>;
window.createClass = createClass as NonNullable<Window['createClass']>;
