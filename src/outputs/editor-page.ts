// The curators' editor's page (/admin): a shell that loads the editor's code (src/editor/, bundled
// by src/build/editor-bundle.ts) and names Decap's configuration. It is written by the outputs
// pass, not rendered by Astro, so no reader page shares a byte or a script chunk with it. Its body
// shows the site's name and "Opening the editor…" before any script runs (styled by the editor's
// stylesheet, which the head loads first); the editor's code removes it once Decap has drawn.
import { SITE_NAME } from '../config/site.ts';
import { MESSAGES } from './editor-words.ts';
import { EDITOR_CONFIG_PATH, EDITOR_PATH, EDITOR_SCRIPT_PATH, EDITOR_STYLE_PATH, twinPath } from '../catalog/urls.ts';

export function editorPageHtml(): string {
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
    `<script type="module" src="${EDITOR_SCRIPT_PATH}"></script>`,
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
