import { type AnyColumn, and, eq, not, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SEALED_KINDS, SEALED_MESSAGES, SEALED_TEXT_PREFIX } from '@/shared/domain/sealed';
import type { sealMessagesInput } from '@/shared/schemas/journal';
import type { Actor } from '../../auth/session';
import { journalMessages, notifications } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, invalid } from '../../http/errors';
import { assertSealedAsRequired, pairForSealedWrite } from '../pairs/pairs.sealing';
import { noPartner } from './journal.queries';

type SealInput = z.output<typeof sealMessagesInput>;

export const NOT_SEALED_PAIR = 'This conversation is not end-to-end encrypted yet';

/** A column's text is not sealed (yet). */
const isPlain = (column: AnyColumn) => sql`${column} not like ${`${SEALED_TEXT_PREFIX}%`}`;

/**
 * The sender's earlier messages sealed in their browser (decision 101): once the pair is sealed, each
 * partner's browser replaces the plain text of what they wrote with its sealed form, and the notification
 * that previewed it with the sealed one. Only the sender's own messages, only what is still plain, only in
 * their active pair with `partnerId`: the rest is left as it is and not counted. Answers how many changed.
 */
export async function sealMessages(deps: AppDeps, actor: Actor, input: SealInput) {
  const now = deps.clock();
  return deps.publisher.transaction(async (tx) => {
    const found = await pairForSealedWrite(tx, actor, input.partnerId, now);
    if (!found) throw noPartner();
    if (!found.sealing.required) throw conflict(NOT_SEALED_PAIR);
    for (const m of input.messages) {
      if (m.content === undefined && m.voiceNoteDescription === undefined)
        throw invalid(SEALED_MESSAGES.malformed);
      // Sealed, with a key of the pair: plain text is refused (the pair is sealed).
      assertSealedAsRequired(found.sealing, [m.content, m.voiceNoteDescription]);
    }
    const mine = (id: string) =>
      and(
        eq(journalMessages.id, id),
        eq(journalMessages.pairId, found.pair.id),
        eq(journalMessages.senderId, actor.id),
      );
    let changed = 0;
    for (const m of input.messages) {
      const rows = [];
      if (m.content) {
        rows.push(
          ...(await tx
            .update(journalMessages)
            .set({ content: m.content })
            .where(and(mine(m.id), isPlain(journalMessages.content), not(eq(journalMessages.content, ''))))
            .returning({ id: journalMessages.id })),
        );
      }
      if (m.voiceNoteDescription) {
        rows.push(
          ...(await tx
            .update(journalMessages)
            .set({ voiceNoteDescription: m.voiceNoteDescription })
            .where(and(mine(m.id), isPlain(journalMessages.voiceNoteDescription)))
            .returning({ id: journalMessages.id })),
        );
      }
      if (rows.length === 0) continue;
      changed++;
      // The partner's notification previewed the plain text: it now carries the sealed one instead.
      const voice = !m.content;
      const sealed = m.content ?? m.voiceNoteDescription!;
      await tx
        .update(notifications)
        .set({
          message: `${actor.name}: ${voice ? 'Voice message' : 'Encrypted message'}`,
          data: sql`${notifications.data} || ${JSON.stringify({
            sealed,
            sealedKind: voice ? SEALED_KINDS.journalTitle : SEALED_KINDS.journalText,
          })}::jsonb`,
        })
        .where(
          and(
            eq(notifications.type, 'message_sent'),
            eq(notifications.userId, input.partnerId),
            sql`${notifications.data}->>'messageId' = ${m.id}`,
          ),
        );
    }
    return { sealed: changed };
  });
}
