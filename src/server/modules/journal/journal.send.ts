import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { notify } from '@/shared/domain/notifications';
import type { sendMessageInput } from '@/shared/schemas/journal';
import type { Actor } from '../../auth/session';
import { bound, preparedInTransaction } from '../../db/prepared';
import { journalMessages } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { claimIdempotencyKey, type IdempotencyKey } from '../../http/idempotency';
import { claimMedia } from '../media/media.claims';
import { createNotification } from '../notifications/notifications.service';
import { lockInActorPairs } from '../pairs/pairs.scope';
import { assertSealedAsRequired, pairForSealedWrite } from '../pairs/pairs.sealing';
import { presentMessage } from './journal.presenter';
import { loadMessage, noPartner } from './journal.queries';

const NO_MESSAGE = 'Message not found';

/** A new message, every column given, the whole row returned: one prepared statement. */
const insertMessage = preparedInTransaction((tx) =>
  tx
    .insert(journalMessages)
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
    .prepare('message_create'),
);

type SendInput = z.output<typeof sendMessageInput>;

/** Either partner sends a text or voice message; the other is notified and their open conversation hears it. */
export async function sendMessage(
  deps: AppDeps,
  actor: Actor,
  input: SendInput,
  key: IdempotencyKey | null = null,
) {
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    // Written after its recording is claimed: the id is chosen first, for the claim to name it.
    const messageId = randomUUID();
    const prior = await claimIdempotencyKey(tx, key, messageId, now);
    // A replay answers the message while the pair lasts; a former partner's key finds nothing (404).
    if (prior)
      return loadMessage(tx, (await lockInActorPairs(tx, journalMessages, prior, actor, NO_MESSAGE)).row.id);
    // The partners' active pair, held against its ending until the message is written; two connected
    // Switches who have none yet form it in the sender's acting role (as a first task would). Anyone else: 404.
    const found = await pairForSealedWrite(tx, actor, input.partnerId, now);
    if (!found) throw noPartner();
    const { pair } = found;
    const voice = input.kind === 'voice';
    // Sealed in the sender's browser once both partners have keys (decision 101): the server checks the key.
    assertSealedAsRequired(found.sealing, [voice ? null : input.content, input.voiceNoteDescription]);
    if (voice && input.voiceNoteId) {
      await claimMedia(
        tx,
        actor,
        { id: input.voiceNoteId, pairId: pair.id, kind: 'audio', holder: 'message', holderId: messageId },
        now,
      );
    }
    const title = voice ? input.voiceNoteDescription || null : null;
    // The written row comes back whole: nothing is read again (decision 046).
    const [message] = await insertMessage(tx, {
      id: messageId,
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
        voice,
        messageId,
        pairId: pair.id,
        senderId: actor.id,
      }),
    );
    emit([actor.id, input.partnerId], 'journal_message.created', {
      messageId,
      pairId: pair.id,
      senderId: actor.id,
      receiverId: input.partnerId,
    });
    return presentMessage({ message: message!, senderName: actor.name });
  });
}
