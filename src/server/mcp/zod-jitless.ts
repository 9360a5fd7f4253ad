// Imported first by the MCP function (netlify/functions/mcp.mts), before any schema is made. Zod
// compiles a parser for each object schema the first time it parses one (`new Function`): that
// pays over the build's thousands of product files, not in a function process that parses a
// handful of messages per request (the SDK's JSON-RPC schemas, the tools' arguments). Measured at
// 10,000 products: the first search_products call 118–122 ms without compiling, 125–127 ms with.
// Zod reads this setting when each schema is made.
import { config } from 'zod';

config({ jitless: true });
