import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CONTRACT_MESSAGES, type ContractView } from '@/shared/schemas/contracts';
import type { Actor } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { conflict, unavailable } from '../../http/errors';
import { verifyAndStore } from './contracts.chain';
import { loadContract } from './contracts.queries';

export { breakLongRuns, pdfSafeText, renderContractPdf } from './contracts.pdf-render';

/**
 * The worker: the file beside the bundle in the built server (dist/server/contracts.pdf-worker.js, the
 * build's second entry); else, in development and tests, the TypeScript source imported through tsx's
 * API from a two-line module (Node 20 applies no `--import` loader to a worker's own entry).
 */
function workerSource(): { source: string | URL; eval: boolean } {
  const built = new URL('./contracts.pdf-worker.js', import.meta.url);
  if (existsSync(built)) return { source: built, eval: false };
  const source = new URL('./contracts.pdf-worker.ts', import.meta.url).href;
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  return {
    source: `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}));`,
    eval: true,
  };
}

/**
 * Renders in a worker thread, so that the event loop keeps answering every other request; past
 * `timeoutMs` the worker is terminated and the answer is 503 (decision 038).
 */
export function renderInWorker(contract: ContractView, timeoutMs: number): Promise<Buffer> {
  const { source, eval: isEval } = workerSource();
  return new Promise<Buffer>((resolve, reject) => {
    const worker = new Worker(source, { workerData: { contract }, eval: isEval });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      settle(() => reject(unavailable(CONTRACT_MESSAGES.pdfTimeout)));
      void worker.terminate();
    }, timeoutMs);
    worker.once('message', (bytes: Uint8Array) => {
      settle(() => resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
      void worker.terminate();
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The PDF worker stopped (exit code ${code}) without a PDF`))),
    );
  });
}

/** Rendered PDFs by version id and the hash of everything the PDF shows; least recently used go first. */
const CACHE_BYTES = 32 * 1024 * 1024;
const cache = new Map<string, Buffer>();
let cachedBytes = 0;

const cacheKey = (c: ContractView) =>
  `${c.versionId}:${createHash('sha256')
    .update(
      JSON.stringify([
        c.sha256,
        c.content,
        c.caps.version,
        c.versionNumber,
        c.dominant,
        c.submissive,
        c.dominantSignedAt,
        c.submissiveSignedAt,
        c.signedAt,
      ]),
    )
    .digest('hex')}`;

function remember(key: string, pdf: Buffer) {
  if (pdf.length > CACHE_BYTES) return;
  cache.set(key, pdf);
  cachedBytes += pdf.length;
  for (const [k, v] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(k);
    cachedBytes -= v.length;
  }
}

function recall(key: string) {
  const pdf = cache.get(key);
  if (pdf) {
    cache.delete(key);
    cache.set(key, pdf);
  }
  return pdf;
}

/**
 * GET /api/contracts/:id/pdf: to the pair's two members only (404 to anyone else), once fully signed (409),
 * and only while its history verifies (409): a PDF never vouches for a text the chain does not.
 */
export async function contractPdf(deps: AppDeps, actor: Actor, input: { id: string }) {
  const contract = await loadContract(deps.db, actor, input.id);
  if (!(contract.isDominantSigned && contract.isSubmissiveSigned))
    throw conflict(CONTRACT_MESSAGES.pdfNotSigned);
  // Verified whole here, whatever the stored verdict says, and the verdict stored for the views.
  const verdict = await verifyAndStore(deps.db, contract.id, deps.clock());
  if (!verdict.ok) {
    deps.log.warn(
      { contractId: contract.id, brokenAt: verdict.brokenAt },
      'contract pdf refused: history does not verify',
    );
    throw conflict(CONTRACT_MESSAGES.pdfUnverified);
  }
  const key = cacheKey(contract);
  const cached = recall(key);
  if (cached) return { contract, pdf: cached };
  const pdf = await renderInWorker(contract, deps.pdfTimeoutMs);
  remember(key, pdf);
  return { contract, pdf };
}
