// The curators' editor's page (/admin): a shell that loads the editor's code (src/editor/, bundled
// by src/build/editor-bundle.ts, which names its files) and names Decap's configuration. It is
// written by the outputs pass, not rendered by Astro, so no reader page shares a byte or a script
// chunk with it. Its body shows the site's name and "Opening the editor…" before any script runs
// (styled by the editor's stylesheet, which the head loads first); the editor's code removes it
// once Decap has drawn. The head fetches Decap's script (compiled off the main thread as it loads),
// the editor's code and Decap's configuration at once, where the editor's code used to ask for them
// in turn as it ran. Every script's name changes with its content (immutable), so a repeat visit
// asks the network for the page, its stylesheet and the configuration only (docs/bench.md).
import { SITE_NAME } from '../config/site.ts';
import { MESSAGES } from './editor-words.ts';
import { EDITOR_CONFIG_PATH, EDITOR_PATH, EDITOR_STYLE_PATH, twinPath } from '../catalog/urls.ts';

/** The scripts the page loads and preloads, as the build named them (src/build/editor-bundle.ts). */
export interface EditorScripts {
  /** The editor's own code: its entry, a module script (it imports its chunks itself). */
  editor: string;
  /** Decap's script, a classic script, which runs first. */
  decap: string;
}

export function editorPageHtml(scripts: EditorScripts): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>Editor · ${SITE_NAME}</title>`,
    `<link href="${EDITOR_CONFIG_PATH}" type="text/yaml" rel="cms-config-url">`,
    `<link rel="alternate" type="text/markdown" href="${twinPath(EDITOR_PATH)}">`,
    `<link rel="stylesheet" href="${EDITOR_STYLE_PATH}">`,
    // As Decap asks for it: fetch() in CORS mode with same-origin credentials.
    `<link rel="preload" href="${EDITOR_CONFIG_PATH}" as="fetch" crossorigin="anonymous">`,
    // Deferred, both run in this order once the page is parsed: Decap's script (which never starts
    // Decap), then the editor's code, which registers its parts and starts it.
    `<script defer src="${scripts.decap}"></script>`,
    `<script type="module" src="${scripts.editor}"></script>`,
    '</head>',
    '<body>',
    `<div id="editor-opening" class="editor-opening"><p class="editor-opening__site">${SITE_NAME}</p>`,
    `<p class="editor-opening__status" role="status">${MESSAGES.opening}</p>`,
    `<noscript><p>${MESSAGES.noScript}</p></noscript></div>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
