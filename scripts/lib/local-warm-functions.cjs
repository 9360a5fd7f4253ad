// Preloaded into the local netlify-cli process only (see stack.ts), so that a function runs as it
// does on Netlify: an instance, once started, answers the requests that come after (one at a time),
// its modules loaded once. netlify-cli instead starts a new worker thread for every invocation
// (dist/lib/functions/runtimes/js/index.js, `invokeFunction`), which loads Netlify's bootstrap,
// lambda-local and the function with all it imports again: 0.35 s a request on an idle machine of two
// cores, 0.7 s and more while tests or a build run beside it (docs/bench.md). Every screen of the
// editor asks the gateway a dozen times, so the local editor crawled where the real one does not.
//
// Here netlify-cli's `new Worker(<its worker.js>, { env, workerData })` takes an idle worker of the
// same function (the same bundle file, unchanged since), or starts one running
// ./local-warm-function-worker.mjs, which does per request what netlify-cli's worker.js does once.
// An idle worker goes after a minute, as an idle instance does. Any other worker is untouched.
'use strict';
if (/netlify-cli|[\\/]\.bin[\\/]netlify$/.test(process.argv[1] ?? '')) {
  const { EventEmitter } = require('node:events');
  const { statSync } = require('node:fs');
  const path = require('node:path');
  const { fileURLToPath, pathToFileURL } = require('node:url');
  const workerThreads = require('node:worker_threads');
  const { syncBuiltinESMExports } = require('node:module');

  const NetlifyWorker = workerThreads.Worker;
  const CLI_WORKER = /[\\/]netlify-cli[\\/]dist[\\/]lib[\\/]functions[\\/]runtimes[\\/]js[\\/]worker\.js$/;
  const WARM_WORKER = pathToFileURL(path.join(__dirname, 'local-warm-function-worker.mjs'));
  const IDLE_MS = 60_000;

  /** Idle workers by function bundle (its path and modification time): a rebuilt bundle starts afresh. */
  const idle = new Map();

  const bundleKey = (entryFileUrl) => {
    try {
      return `${entryFileUrl}@${statSync(fileURLToPath(entryFileUrl)).mtimeMs}`;
    } catch {
      return entryFileUrl;
    }
  };

  const park = (key, worker) => {
    const slot = { worker, timer: setTimeout(() => drop(key, slot), IDLE_MS) };
    slot.timer.unref();
    (idle.get(key) ?? idle.set(key, []).get(key)).push(slot);
  };

  const drop = (key, slot) => {
    const slots = idle.get(key) ?? [];
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    void slot.worker.terminate();
  };

  /** Workers answering a request now; one that fails or stops between requests leaves the pool. */
  const busy = new WeakSet();
  const forget = (worker) => {
    for (const [key, slots] of idle) {
      const slot = slots.find((s) => s.worker === worker);
      if (slot) {
        clearTimeout(slot.timer);
        drop(key, slot);
      }
    }
  };

  const start = (cliWorker, options) => {
    const worker = new NetlifyWorker(WARM_WORKER, { env: options.env, workerData: { cliWorker } });
    worker.unref();
    worker.on('error', (error) => {
      if (busy.has(worker)) return; // the invocation reports it
      console.error(`A function failed after it answered: ${error?.stack ?? error}`);
      forget(worker);
    });
    worker.on('exit', () => forget(worker));
    return worker;
  };

  const revive = ({ name, message, stack }) => Object.assign(new Error(message), { name, stack });

  /** One invocation: what netlify-cli's worker would have been to it (a 'message', or an 'error'). */
  function invoke(cliWorker, options) {
    const invocation = new EventEmitter();
    const job = options.workerData;
    const key = bundleKey(job.entryFilePath);
    const slot = idle.get(key)?.pop();
    if (slot) clearTimeout(slot.timer);
    const worker = slot?.worker ?? start(cliWorker, options);
    busy.add(worker);
    const settle = () => {
      busy.delete(worker);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (answer) => {
      settle();
      if (answer.failed) {
        void worker.terminate(); // it may still be running what failed (a timeout)
        invocation.emit('error', revive(answer.error));
        return;
      }
      park(key, worker);
      invocation.emit('message', answer.result);
    };
    const onError = (error) => {
      settle();
      invocation.emit('error', error);
    };
    const onExit = (code) => {
      settle();
      invocation.emit('error', new Error(`The function's worker stopped (exit code ${code}).`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job);
    return invocation;
  }

  function Worker(script, options) {
    const file = script instanceof URL ? fileURLToPath(script) : String(script);
    if (!CLI_WORKER.test(file) || typeof options?.workerData?.entryFilePath !== 'string') {
      return new NetlifyWorker(script, options);
    }
    return invoke(file, options);
  }
  Object.setPrototypeOf(Worker.prototype, NetlifyWorker.prototype);
  workerThreads.Worker = Worker;
  syncBuiltinESMExports();
}
