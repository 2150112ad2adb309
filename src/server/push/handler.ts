import type { OutboxOutcome, OutboxRow } from '../outbox/worker';
import type { PushJob, PushQueue } from './queue';

/**
 * The outbox's handler of `push` rows: one push with the queue's quick retries and time limit. Sent, gone
 * (the device was forgotten or deleted) and refused (4xx, logged by the queue) end the row; a push
 * service still failing after the quick retries, or a shutdown, puts it back for a later attempt.
 */
export function pushHandler(queue: PushQueue) {
  return async (row: OutboxRow): Promise<OutboxOutcome> => {
    const outcome = await queue.deliver(row.payload as PushJob);
    if (outcome === 'failed' || outcome === 'closed') return { ok: false, code: `push:${outcome}` };
    return { ok: true };
  };
}
