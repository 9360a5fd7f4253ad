// The curators' editor's page (/admin): a shell that loads the editor's code (src/editor/, bundled
// by src/build/editor-bundle.ts) and names Decap's configuration. It is written by the outputs
// pass, not rendered by Astro, so no reader page shares a byte or a script chunk with it.
import { SITE_NAME } from '../config/site.ts';
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
    '<noscript><p>The catalog’s editor needs JavaScript. Without it, products are added as files: see CONTRIBUTING.md in the catalog’s repository.</p></noscript>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
