// `npm start`: builds and serves the whole service the way Netlify would, on PORT (default 8888).
// `npm run dev` does the same with `netlify dev`, which reloads on change.
import { startStack } from './lib/stack.ts';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 8888);
const stack = await startStack({ port, mode: dev ? 'dev' : 'serve', echo: true, timeoutMs: 600_000 });
console.log(`\n  ${dev ? 'Dev server' : 'Catalog'} running at ${stack.url}\n  Press Ctrl+C to stop.\n`);
const shutdown = async () => {
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
stack.process.on('exit', (code) => process.exit(code ?? 1));
