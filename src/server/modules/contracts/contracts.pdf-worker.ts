/**
 * The contract PDF's worker thread (decision 038): renders the contract it is given and posts the bytes
 * back. Bundled on its own as dist/server/contracts.pdf-worker.js.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ContractView } from '@/shared/schemas/contracts';
import { renderContractPdf } from './contracts.pdf-render';

const { contract } = workerData as { contract: ContractView };
const pdf = await renderContractPdf(contract);
// A copy of its own, so that the transfer never takes Buffer's shared pool with it.
const bytes = new Uint8Array(pdf);
parentPort!.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
