// The admin tools by name, each imported when first needed: a tools/call loads only its own tool
// (and that tool's libraries), every other request all of them, in the order clients list them.
import { TOOL_INFO, type ToolName } from '../../../admin/tools.ts';
import type { ToolDef } from './tool.ts';

const LOADERS: Record<ToolName, () => Promise<ToolDef>> = {
  search_products: async () => (await import('./search-products.ts')).searchProducts,
  get_product: async () => (await import('./get-product.ts')).getProduct,
  catalog_stats: async () => (await import('./catalog-stats.ts')).catalogStats,
  audit_catalog: async () => (await import('./audit-catalog.ts')).auditCatalog,
  validate_product: async () => (await import('./validate-product.ts')).validateProduct,
  draft_product: async () => (await import('./draft-product.ts')).draftProduct,
  trigger_rebuild: async () => (await import('./trigger-rebuild.ts')).triggerRebuild,
  check_links: async () => (await import('./check-links.ts')).checkLinksTool,
};

const isTool = (name: unknown): name is ToolName => typeof name === 'string' && Object.hasOwn(LOADERS, name);

/** The tools one JSON-RPC message needs: the called tool for a tools/call of a known tool, else all. */
export function toolsFor(message: { method?: unknown; params?: unknown }): Promise<ToolDef[]> {
  const name = (message.params as { name?: unknown } | undefined)?.name;
  const names = message.method === 'tools/call' && isTool(name) ? [name] : TOOL_INFO.map((t) => t.name);
  return Promise.all(names.map((n) => LOADERS[n]()));
}
