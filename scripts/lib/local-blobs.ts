// A local Netlify Blobs server (the one netlify-cli runs) for code that runs functions outside the
// stack, such as the benchmark: the admin side needs a shared store and finds this one through
// NETLIFY_BLOBS_CONTEXT, exactly as functions do under `netlify serve`.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';

export interface LocalBlobs {
  /** The value for NETLIFY_BLOBS_CONTEXT. */
  context: string;
  stop(): Promise<void>;
}

export async function startLocalBlobs(): Promise<LocalBlobs> {
  const directory = await mkdtemp(path.join(tmpdir(), 'local-blobs-'));
  const token = randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  const context = { siteID: 'local', token, edgeURL: url, uncachedEdgeURL: url, deployID: '0', primaryRegion: 'dev' };
  return {
    context: Buffer.from(JSON.stringify(context)).toString('base64'),
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
