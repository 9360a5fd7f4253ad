// /api/git/*: the editor's git gateway (see src/server/gateway/handler.ts). Not part of the
// public API (openapi.json): only the browser editor calls it, with an editor token.
import type { Config } from '@netlify/functions';
import { settings } from '../../src/config/env.ts';
import { gatewayDeps } from '../../src/server/gateway/deps.ts';
import { createGatewayHandler } from '../../src/server/gateway/handler.ts';
import { secured } from '../../src/server/http/headers.ts';

export default secured(createGatewayHandler(gatewayDeps(settings())));
export const config: Config = { path: '/api/git/*' };
