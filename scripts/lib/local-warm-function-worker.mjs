// A function's warm worker on the local stack (see ./local-warm-functions.cjs): for each request it
// is sent, it does what netlify-cli's own worker.js (dist/lib/functions/runtimes/js/worker.js) does
// once before it exits. It takes lambda-local and is-stream from netlify-cli's own dependencies, and
// answers `{ result }` as that worker's message, or `{ failed, error }` where that worker would throw.
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const fromCli = createRequire(workerData.cliWorker);
const load = async (name) => import(pathToFileURL(fromCli.resolve(name)).href);
const { default: lambdaLocal } = await load('lambda-local');
const { isStream } = await load('is-stream');
const { default: sourceMapSupport } = await load('source-map-support');
sourceMapSupport.install();
lambdaLocal.getLogger().level = 'alert';

/** A streamed body is handed over as netlify-cli's worker does: on a loopback port of its own. */
async function streamed(body) {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      body.pipe(socket).on('end', () => server.close());
    });
    server.on('error', reject);
    server.listen({ port: 0, host: 'localhost' }, () => resolve(server.address().port));
  });
}

async function run({ clientContext, entryFilePath, environment = {}, event, timeoutMs }) {
  for (const key in environment) process.env[key] = environment[key];
  const lambdaFunc = await import(entryFilePath);
  const lambdaEvent = await lambdaLocal.execute({
    clientContext,
    event,
    lambdaFunc,
    region: 'dev',
    timeoutMs,
    verboseLevel: 3,
  });
  if (lambdaEvent == null) return lambdaEvent;
  if (isStream(lambdaEvent.body)) {
    const { body, ...rest } = lambdaEvent;
    return { ...rest, streamPort: await streamed(body) };
  }
  return lambdaEvent;
}

parentPort.on('message', (job) => {
  run(job).then(
    (result) => parentPort.postMessage({ result }),
    (error) =>
      parentPort.postMessage({
        failed: true,
        error: { name: error?.name ?? 'Error', message: error?.message ?? String(error), stack: error?.stack },
      }),
  );
});
