import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { notify } from '@/shared/domain/notifications';
import type { sendNoteInput } from '@/shared/schemas/journal';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { bound, preparedInTransaction } from '../../db/prepared';
import { notes } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { claimIdempotencyKey, type IdempotencyKey } from '../../http/idempotency';
import { claimMedia } from '../media/media.claims';
import { createNotification } from '../notifications/notifications.service';
import { lockInActorPairs, type PairRow } from '../pairs/pairs.scope';
import { pairWithPartner } from '../pairs/pairs.service';
import { presentNote } from './journal.presenter';
import { loadNote, noPartner } from './journal.queries';

const NO_NOTE = 'Message not found';

/** A new message, every column given, the whole row returned: one prepared statement. */
const insertNote = preparedInTransaction((tx) =>
  tx
    .insert(notes)
    .values({
      id: bound('id'),
      pairId: bound('pairId'),
      senderId: bound('senderId'),
      receiverId: bound('receiverId'),
      content: bound('content'),
      tone: bound('tone'),
      voiceNote: bound('voiceNote'),
      voiceNoteDescription: bound('voiceNoteDescription'),
      createdAt: bound('createdAt'),
    })
    .returning()
    .prepare('note_create'),
);

type SendInput = z.output<typeof sendNoteInput>;

/**
 * The pair a new message goes to: the partners' active pair, held against its ending until the message is
 * written; two connected Switches who have none yet form it in the sender's acting role (as a first task
 * would). Anyone else is 404.
 */
async function pairForMessage(tx: Tx, actor: Actor, partnerId: string, now: Date): Promise<PairRow> {
  const pair = await pairWithPartner(tx, actor, partnerId, now, 'share');
  if (!pair) throw noPartner();
  return pair;
}

/** Either partner sends a text or voice message; the other is notified and their open conversation hears it. */
export async function sendNote(
  deps: AppDeps,
  actor: Actor,
  input: SendInput,
  key: IdempotencyKey | null = null,
) {
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    // Written after its recording is claimed: the id is chosen first, for the claim to name it.
    const noteId = randomUUID();
    const prior = await claimIdempotencyKey(tx, key, noteId, now);
    // A replay answers the message while the pair lasts; a former partner's key finds nothing (404).
    if (prior) return loadNote(tx, (await lockInActorPairs(tx, notes, prior, actor, NO_NOTE)).row.id);
    const pair = await pairForMessage(tx, actor, input.partnerId, now);
    const voice = input.kind === 'voice';
    if (voice && input.voiceNoteId) {
      await claimMedia(
        tx,
        actor,
        { id: input.voiceNoteId, pairId: pair.id, kind: 'audio', holder: 'note', holderId: noteId },
        now,
      );
    }
    const title = voice ? input.voiceNoteDescription || null : null;
    // The written row comes back whole: nothing is read again (decision 046).
    const [note] = await insertNote(tx, {
      id: noteId,
      pairId: pair.id,
      senderId: actor.id,
      receiverId: input.partnerId,
      content: voice ? '' : input.content,
      tone: input.tone,
      voiceNote: voice ? input.voiceNoteId : null,
      voiceNoteDescription: title,
      createdAt: now,
    });
    await createNotification(
      tx,
      emit,
      input.partnerId,
      notify.messageSent({
        senderName: actor.name,
        text: voice ? (title ?? 'Voice message') : input.content,
        messageId: noteId,
        pairId: pair.id,
        senderId: actor.id,
      }),
    );
    emit([actor.id, input.partnerId], 'note.created', {
      noteId,
      pairId: pair.id,
      senderId: actor.id,
      receiverId: input.partnerId,
    });
    return presentNote({ note: note!, senderName: actor.name });
  });
}
