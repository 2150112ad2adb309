import { eq } from 'drizzle-orm';
import { notify } from '@/shared/domain/notifications';
import { paths, withQuery } from '@/shared/routes';
import type { Actor } from '../../auth/session';
import { punishments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { sendFeedbackMail } from '../../email/feedback-mail';
import { createNotification } from '../notifications/notifications.service';
import { appendRecord } from '../pairs/pairs.record';
import { lockInActorPairs } from '../pairs/pairs.scope';
import { announcePunishment } from './punishments.events';
import { authorizePunishment } from './punishments.policy';
import { loadPunishment, PUNISHMENT_NOT_FOUND } from './punishments.queries';

/** The pair's dominant gives feedback on a completed punishment; the submissive is notified. */
export async function givePunishmentFeedback(
  deps: AppDeps,
  actor: Actor,
  input: { id: string; feedback: string },
) {
  return deps.publisher.transaction(async (tx, emit) => {
    const { row, pair } = await lockInActorPairs(tx, punishments, input.id, actor, PUNISHMENT_NOT_FOUND);
    const now = deps.clock();
    authorizePunishment(actor, row, pair, 'giveFeedback', now);
    await tx
      .update(punishments)
      .set({ feedback: input.feedback, feedbackGivenAt: now, feedbackGivenBy: actor.id, updatedAt: now })
      .where(eq(punishments.id, input.id));
    await createNotification(
      tx,
      emit,
      row.assignedTo,
      notify.punishmentFeedback({
        giverName: actor.name,
        title: row.title,
        feedback: input.feedback,
        punishmentId: row.id,
        pairId: pair.id,
      }),
    );
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'punishment.feedback',
      data: { punishmentId: input.id },
      at: now,
    });
    announcePunishment(emit, pair, input.id);
    return loadPunishment(tx, input.id);
  });
}

/** Spec 2 §7 send-feedback-email: the stored feedback, mailed to the submissive by their dominant. */
export async function emailPunishmentFeedback(deps: AppDeps, actor: Actor, input: { id: string }) {
  const about = await deps.publisher.transaction(async (tx) => {
    const { row, pair } = await lockInActorPairs(tx, punishments, input.id, actor, PUNISHMENT_NOT_FOUND);
    authorizePunishment(actor, row, pair, 'emailFeedback', deps.clock());
    return { to: row.assignedTo, itemTitle: row.title, feedback: row.feedback! };
  });
  await sendFeedbackMail(deps, actor, {
    ...about,
    itemType: 'punishment',
    path: withQuery(paths.punishments, { highlight: input.id }),
  });
}
