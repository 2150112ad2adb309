import { notify } from '@/shared/domain/notifications';
import type { RecordKind } from '@/shared/schemas/record';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Emit } from '../../realtime/publisher';
import { removeFiles } from '../media/media.claims';
import { createNotification } from '../notifications/notifications.service';
import { appendRecord } from './pairs.record';
import type { PairRow } from './pairs.scope';
import { assertNotStopped } from './pairs.stops';

/** What answering a request needs of its kind of item: a task or a punishment. */
export interface RequestedKind<Row extends { id: string; title: string }> {
  /** The item, locked for the transaction, with its pair; anyone else is told it does not exist. */
  lock(tx: Tx): Promise<{ row: Row; pair: PairRow }>;
  /** Refuses anyone but the pair's submissive, and an item that is not a request. */
  authorize(row: Row, pair: PairRow, now: Date): void;
  /** Makes it an ordinary item: its limit state cleared. */
  activate(tx: Tx, row: Row, now: Date): Promise<unknown>;
  /** The record's entry for an acceptance, and the item's id in the record's data. */
  accepted: RecordKind;
  recordData(id: string): Record<string, string>;
  /** Tells both partners' screens that the item changed. */
  announce(emit: Emit, pair: PairRow, id: string): void;
  /** Erases a declined item with its files (answered for removal after the commit). */
  erase(tx: Tx, emit: Emit, row: Row, pair: PairRow): Promise<string[]>;
}

/**
 * The submissive answers a request (decision 056), for a task or a punishment alike. Accepting makes it an
 * ordinary item (not while Red or Yellow holds the pair: nothing new starts then); declining erases it at
 * no cost: the record notes "declined a request" with its id only, and the dominant is told, never which
 * limit.
 */
export async function answerRequest<Row extends { id: string; title: string }>(
  deps: AppDeps,
  actor: Actor,
  accept: boolean,
  kind: RequestedKind<Row>,
): Promise<void> {
  const now = deps.clock();
  const keys = await deps.publisher.transaction(async (tx, emit) => {
    const { row, pair } = await kind.lock(tx);
    kind.authorize(row, pair, now);
    if (accept) {
      await assertNotStopped(tx, pair.id);
      await kind.activate(tx, row, now);
      await appendRecord(tx, {
        pairId: pair.id,
        actorId: actor.id,
        kind: kind.accepted,
        data: kind.recordData(row.id),
        at: now,
      });
      kind.announce(emit, pair, row.id);
      return [];
    }
    await createNotification(
      tx,
      emit,
      pair.dominantId,
      notify.limitDeclined({ pairId: pair.id, title: row.title }),
    );
    return kind.erase(tx, emit, row, pair);
  });
  await removeFiles(deps, keys);
}
