import { and, desc, eq, sql } from 'drizzle-orm';
import {
  encodeMessageCursor,
  JOURNAL_MESSAGES,
  MESSAGE_PAGE,
  type MessagePage,
} from '@/shared/schemas/journal';
import type { Actor } from '../../auth/session';
import type { Db, Queryable } from '../../db/client';
import { bound, prepared } from '../../db/prepared';
import { journalMessages, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { activePairIdBetween } from '../pairs/pairs.scope';
import { areConnected } from '../pairs/pairs.service';
import { presentMessage } from './journal.presenter';

export const noPartner = () => notFound(JOURNAL_MESSAGES.noPartner);

const messageQuery = (q: Queryable) =>
  q
    .select({ message: journalMessages, senderName: users.displayName })
    .from(journalMessages)
    .leftJoin(users, eq(users.id, journalMessages.senderId));

/** One message as the API shows it (after a write, in the same transaction). */
export async function loadMessage(q: Queryable, id: string) {
  const [row] = await messageQuery(q).where(eq(journalMessages.id, id)).limit(1);
  return presentMessage(row!);
}

// The newest page and an older one: one index range scan each on (pair_id, created_at desc, id desc),
// the pair found once by its subquery; MESSAGE_PAGE + 1 rows tell whether older ones exist. The conversation of
// two partners is held by their active pair: a former partner has none, so their conversation is not there.
const conversation = eq(journalMessages.pairId, activePairIdBetween(bound('userId'), bound('partnerId')));
const newest = prepared((db: Db) =>
  messageQuery(db)
    .where(conversation)
    .orderBy(desc(journalMessages.createdAt), desc(journalMessages.id))
    .limit(MESSAGE_PAGE + 1)
    .prepare('messages_newest'),
);
const older = prepared((db: Db) =>
  messageQuery(db)
    .where(
      and(
        conversation,
        sql`(${journalMessages.createdAt}, ${journalMessages.id}) < (${bound('beforeAt')}::timestamptz, ${bound('beforeId')}::uuid)`,
      ),
    )
    .orderBy(desc(journalMessages.createdAt), desc(journalMessages.id))
    .limit(MESSAGE_PAGE + 1)
    .prepare('messages_older'),
);

/**
 * A page of the actor's conversation with a partner: the newest messages, or those before the cursor;
 * oldest first within the page. Someone who is not the actor's partner is 404.
 */
export async function listMessages(
  deps: AppDeps,
  actor: Actor,
  input: { partnerId: string; before?: { at: number; id: string } | undefined },
): Promise<MessagePage> {
  const ids = { userId: actor.id, partnerId: input.partnerId };
  const rows = input.before
    ? await older(deps.db).execute({
        ...ids,
        beforeAt: new Date(input.before.at).toISOString(),
        beforeId: input.before.id,
      })
    : await newest(deps.db).execute(ids);
  // Nothing found: an empty conversation, or nobody the actor may talk to (told apart only then).
  if (rows.length === 0 && !(await areConnected(deps.db, actor.id, input.partnerId))) throw noPartner();
  const page = rows.slice(0, MESSAGE_PAGE).map(presentMessage);
  const oldest = page.at(-1);
  return {
    messages: page.reverse(),
    olderCursor: rows.length > MESSAGE_PAGE && oldest ? encodeMessageCursor(oldest) : null,
  };
}
