import { and, desc, eq, sql } from 'drizzle-orm';
import { encodeNoteCursor, JOURNAL_MESSAGES, NOTE_PAGE, type NotePage } from '@/shared/schemas/journal';
import type { Actor } from '../../auth/session';
import type { Db, Queryable } from '../../db/client';
import { bound, prepared } from '../../db/prepared';
import { notes, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { activePairIdBetween } from '../pairs/pairs.scope';
import { areConnected } from '../pairs/pairs.service';
import { presentNote } from './journal.presenter';

export const noPartner = () => notFound(JOURNAL_MESSAGES.noPartner);

const noteQuery = (q: Queryable) =>
  q
    .select({ note: notes, senderName: users.displayName })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.senderId));

/** One message as the API shows it (after a write, in the same transaction). */
export async function loadNote(q: Queryable, id: string) {
  const [row] = await noteQuery(q).where(eq(notes.id, id)).limit(1);
  return presentNote(row!);
}

// The newest page and an older one: one index range scan each on (pair_id, created_at desc, id desc),
// the pair found once by its subquery; NOTE_PAGE + 1 rows tell whether older ones exist. The conversation of
// two partners is held by their active pair: a former partner has none, so their conversation is not there.
const conversation = eq(notes.pairId, activePairIdBetween(bound('userId'), bound('partnerId')));
const newest = prepared((db: Db) =>
  noteQuery(db)
    .where(conversation)
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(NOTE_PAGE + 1)
    .prepare('notes_newest'),
);
const older = prepared((db: Db) =>
  noteQuery(db)
    .where(
      and(
        conversation,
        sql`(${notes.createdAt}, ${notes.id}) < (${bound('beforeAt')}::timestamptz, ${bound('beforeId')}::uuid)`,
      ),
    )
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(NOTE_PAGE + 1)
    .prepare('notes_older'),
);

/**
 * A page of the actor's conversation with a partner: the newest messages, or those before the cursor;
 * oldest first within the page. Someone who is not the actor's partner is 404.
 */
export async function listNotes(
  deps: AppDeps,
  actor: Actor,
  input: { partnerId: string; before?: { at: number; id: string } | undefined },
): Promise<NotePage> {
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
  const page = rows.slice(0, NOTE_PAGE).map(presentNote);
  const oldest = page.at(-1);
  return {
    messages: page.reverse(),
    olderCursor: rows.length > NOTE_PAGE && oldest ? encodeNoteCursor(oldest) : null,
  };
}
