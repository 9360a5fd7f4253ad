// Every admin tool, in the order clients list them. A tool is one module (its name, description,
// hints, input and output schemas and handler, as the SDK's registerTool keeps them together) and
// one entry here. Tool modules import only light code at the top; a handler loads its heavy
// libraries when it first runs, so listing the tools (the build describes them in openapi.json)
// costs next to nothing.
import auditCatalog from './audit-catalog.ts';
import catalogStats from './catalog-stats.ts';
import checkLinks from './check-links.ts';
import draftProduct from './draft-product.ts';
import getProduct from './get-product.ts';
import listProposals from './list-proposals.ts';
import proposeEdit from './propose-edit.ts';
import proposeProduct from './propose-product.ts';
import searchProducts from './search-products.ts';
import triggerRebuild from './trigger-rebuild.ts';
import validateProduct from './validate-product.ts';
import withdrawProposal from './withdraw-proposal.ts';
import type { ToolDef } from './tool.ts';

export const TOOLS: readonly ToolDef[] = [
  searchProducts,
  getProduct,
  catalogStats,
  auditCatalog,
  validateProduct,
  draftProduct,
  proposeProduct,
  proposeEdit,
  listProposals,
  withdrawProposal,
  triggerRebuild,
  checkLinks,
];
