// Every admin tool, in the order clients list them, loaded at once (tests; the server loads each
// tool on use through ./registry.ts).
import { auditCatalog } from './audit-catalog.ts';
import { catalogStats } from './catalog-stats.ts';
import { checkLinksTool } from './check-links.ts';
import { draftProduct } from './draft-product.ts';
import { getProduct } from './get-product.ts';
import { searchProducts } from './search-products.ts';
import type { ToolDef } from './tool.ts';
import { triggerRebuild } from './trigger-rebuild.ts';
import { validateProduct } from './validate-product.ts';

export const TOOLS: readonly ToolDef[] = [
  searchProducts,
  getProduct,
  catalogStats,
  auditCatalog,
  validateProduct,
  draftProduct,
  triggerRebuild,
  checkLinksTool,
];
