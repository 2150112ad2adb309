import { eq } from 'drizzle-orm';
import type { Actor } from '../auth/session';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { notFound } from '../http/errors';
import { feedbackMail } from './templates';

/**
 * Sends feedback already given (and stored) to its receiver by mail, through the queue, once the caller
 * has checked that the actor may. Counted per account (`feedbackMailByAccount`): a mail reaches someone's
 * inbox, so a loop cannot flood it.
 */
export async function sendFeedbackMail(
  deps: Pick<AppDeps, 'db' | 'limits' | 'mail' | 'appUrl'>,
  actor: Actor,
  m: { to: string; itemType: 'task' | 'punishment'; itemTitle: string; feedback: string; path: string },
) {
  await deps.limits.hit('feedbackMailByAccount', actor.id);
  const [receiver] = await deps.db
    .select({ email: users.email, name: users.displayName })
    .from(users)
    .where(eq(users.id, m.to))
    .limit(1);
  if (!receiver) throw notFound('The partner of this item no longer exists');
  await deps.mail.enqueue(
    feedbackMail(receiver.email, {
      userName: receiver.name,
      dominantName: actor.name,
      itemType: m.itemType,
      itemTitle: m.itemTitle,
      feedback: m.feedback,
      url: `${deps.appUrl}${m.path}`,
    }),
    { userId: m.to },
  );
}
