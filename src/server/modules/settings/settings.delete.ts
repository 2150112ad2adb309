import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import {
  avatars,
  loginAttempts,
  media,
  notifications,
  pairs,
  partnerRequests,
  partners,
  users,
  verifications,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { removeFiles } from '../media/media.claims';
import { removeConnection } from '../pairs/pairs.service';

/**
 * Deletes an account at once (decision 024): every connection ends (each partner hears `pair.ended` live),
 * the pairs the user belonged to go with all their rows and files, the partners' notifications about them
 * go, and the user row goes with everything that references it. Returns how many partnerships ended.
 */
export async function deleteAccount(deps: AppDeps, actor: Actor) {
  const now = deps.clock();
  const result = await deps.publisher.transaction(async (tx, emitAll) => {
    // Only the others hear of it: the leaving user's screen shows "Account deleted" and leaves by itself
    // (a `pair.ended` would make it refetch /api/me, find nobody and jump to /auth first).
    const emit: Emit = (userIds, name, data) => {
      const others = userIds.filter((id) => id !== actor.id);
      if (others.length > 0) emitAll(others, name, data);
    };
    // The row lock keeps a second deletion (another tab) or a new connection from interleaving.
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, actor.id))
      .for('update');
    if (!user) throw notFound('Account not found');

    const connected = await tx
      .select({ partnerId: partners.partnerId })
      .from(partners)
      .where(eq(partners.userId, actor.id));
    for (const { partnerId } of connected) await removeConnection(tx, emit, actor.id, partnerId, now);

    const pairIds = (
      await tx
        .select({ id: pairs.id })
        .from(pairs)
        .where(or(eq(pairs.dominantId, actor.id), eq(pairs.submissiveId, actor.id)))
    ).map((p) => p.id);

    // Files: the user's own uploads and every file of their pairs (the pairs' rows go below).
    const files = await tx
      .delete(media)
      .where(
        pairIds.length > 0
          ? or(eq(media.ownerId, actor.id), inArray(media.pairId, pairIds))
          : eq(media.ownerId, actor.id),
      )
      .returning({ key: media.storageKey });

    // The profile picture (decision 028): not a pair's file, so not among those above.
    const avatar = await tx
      .delete(avatars)
      .where(eq(avatars.userId, actor.id))
      .returning({ key: avatars.storageKey });

    // Pending requests to or from the user end; the other side hears it.
    const pending = await tx
      .select({
        id: partnerRequests.id,
        senderId: partnerRequests.senderId,
        receiverId: partnerRequests.receiverId,
      })
      .from(partnerRequests)
      .where(
        and(
          eq(partnerRequests.status, 'pending'),
          or(eq(partnerRequests.senderId, actor.id), eq(partnerRequests.receiverId, actor.id)),
        ),
      );
    for (const request of pending) {
      const other = request.senderId === actor.id ? request.receiverId : request.senderId;
      emit([other], 'partner_request.updated', { requestId: request.id, status: 'rejected' });
    }

    // Other people's notifications that name the user or open the pairs' rows.
    const aboutUser = or(
      sql`${notifications.data}->>'senderId' = ${actor.id}`,
      sql`${notifications.data}->>'partnerId' = ${actor.id}`,
      ...(pairIds.length > 0 ? [inArray(sql`${notifications.data}->>'pairId'`, pairIds)] : []),
    );
    // Their lists refetch on the `pair.ended` and `partner_request.updated` events above.
    await tx.delete(notifications).where(aboutUser);

    // Everything else that references the user (sessions, credentials, pairs and their rows, requests,
    // blocks both ways, their notifications and security log) goes with the row: ON DELETE CASCADE.
    await tx.delete(users).where(eq(users.id, actor.id));
    await tx
      .delete(verifications)
      .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, actor.id)));
    await tx.delete(loginAttempts).where(eq(loginAttempts.email, user.email));
    return { partnershipsAffected: connected.length, keys: [...files, ...avatar].map((f) => f.key) };
  });
  // Committed: the sessions are gone on every instance, their streams closed, the bytes removed.
  await deps.sessions.forget({ userIds: [actor.id] }, { closeStreams: true });
  await removeFiles(deps, result.keys);
  // Its unsent mails and pushes went with the user row (cascade); the mails written as files go now.
  await deps.mail.forget(actor.id).catch((error) => {
    deps.log.warn({ err: error, userId: actor.id }, 'account deleted: mail files not removed');
  });
  deps.log.info({ userId: actor.id, partnerships: result.partnershipsAffected }, 'account deleted');
  return { partnershipsAffected: result.partnershipsAffected };
}
