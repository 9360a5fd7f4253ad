// What the curators' editor and the admin side agree on over HTTP: the editor's OAuth client, its
// redirect, and the git gateway's address. The editor's configuration (src/outputs/editor-config.ts)
// names them; the OAuth server and the gateway (src/server/) enforce them.
import { EDITOR_PATH } from '../catalog/urls.ts';

/** The editor's fixed OAuth client id: the site's own first-party client, never registered. */
export const EDITOR_CLIENT_ID = 'catalog-editor';

/** The editor's one redirect URI, exactly: its own page (Decap sends `origin + pathname`). */
export const editorRedirectUri = (base: string) => `${base}${EDITOR_PATH}/`;

/** The git gateway's path on the site: the editor's only way to the repository. */
export const GATEWAY_PATH = '/api/git';

/** The gateway's address: the audience of an editor token, which nothing else accepts. */
export const gatewayAudience = (base: string) => `${base}${GATEWAY_PATH}`;

/**
 * Saved changes as `GET /api/git/waiting` names them in `mine` (the open ones the signed-in curator
 * saved, on which the editor offers her no Publish): the editor's collection and the name it opens
 * them by.
 */
export interface SavedChanges {
  collection: string;
  slug: string;
}
