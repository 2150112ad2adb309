import { and, eq, or } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { avatars, blockedUsers, partnerRequests, partners, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { processAvatar } from '../../media/process';
import { removeFiles } from '../media/media.claims';

const fileNotFound = () => notFound('File not found');

/** Where a profile picture is served; the version changes with each upload, so screens show the new one. */
export const avatarUrl = (userId: string, at: Date) =>
  `/api/avatars/${userId}?v=${at.getTime().toString(36)}`;

/** Whom a change of the user's picture concerns: the user (other tabs), partners, pending requests. */
async function audienceOf(tx: Tx, userId: string) {
  const linked = await tx
    .select({ id: partners.partnerId })
    .from(partners)
    .where(eq(partners.userId, userId))
    .union(
      tx
        .select({ id: partnerRequests.receiverId })
        .from(partnerRequests)
        .where(and(eq(partnerRequests.senderId, userId), eq(partnerRequests.status, 'pending'))),
    )
    .union(
      tx
        .select({ id: partnerRequests.senderId })
        .from(partnerRequests)
        .where(and(eq(partnerRequests.receiverId, userId), eq(partnerRequests.status, 'pending'))),
    );
  return [userId, ...linked.map((row) => row.id)];
}

/**
 * Replaces the actor's picture (decision 028). The body is read only after the caller has counted the
 * upload against the actor's limit; the image is re-encoded square without metadata, stored, then
 * recorded in one transaction that locks the user row, so two uploads racing leave one picture and no
 * stray file. The old file is removed once the new row has committed.
 */
export async function uploadAvatar(deps: AppDeps, actor: Actor, read: () => Promise<Buffer>) {
  const processed = await processAvatar(await read());
  const key = await deps.storage.put(processed.data, processed.extension);
  const now = deps.clock();
  const photoURL = avatarUrl(actor.id, now);
  let old: string | null;
  try {
    old = await deps.publisher.transaction(async (tx, emit) => {
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, actor.id))
        .for('update');
      if (!user) throw notFound('Account not found');
      const [previous] = await tx
        .select({ key: avatars.storageKey })
        .from(avatars)
        .where(eq(avatars.userId, actor.id));
      const values = {
        storageKey: key,
        mime: processed.mime,
        sizeBytes: processed.data.length,
        updatedAt: now,
      };
      await tx
        .insert(avatars)
        .values({ userId: actor.id, ...values })
        .onConflictDoUpdate({ target: avatars.userId, set: values });
      await tx.update(users).set({ photoUrl: photoURL, updatedAt: now }).where(eq(users.id, actor.id));
      emit(await audienceOf(tx, actor.id), 'user.updated', { userId: actor.id });
      return previous?.key ?? null;
    });
  } catch (error) {
    await removeFiles(deps, [key]);
    throw error;
  }
  await afterChange(deps, actor, old);
  deps.log.info({ userId: actor.id }, 'avatar uploaded');
  return { photoURL };
}

/** Removes the actor's picture: the row, the address in the user row, and (after commit) the file. */
export async function removeAvatar(deps: AppDeps, actor: Actor) {
  const now = deps.clock();
  const old = await deps.publisher.transaction(async (tx, emit) => {
    const [removed] = await tx
      .delete(avatars)
      .where(eq(avatars.userId, actor.id))
      .returning({ key: avatars.storageKey });
    await tx.update(users).set({ photoUrl: null, updatedAt: now }).where(eq(users.id, actor.id));
    emit(await audienceOf(tx, actor.id), 'user.updated', { userId: actor.id });
    return removed?.key ?? null;
  });
  await afterChange(deps, actor, old);
  return { photoURL: null };
}

/** The user row changed: cached sessions forget it (decision 019); the replaced file goes. */
async function afterChange(deps: AppDeps, actor: Actor, oldKey: string | null) {
  await deps.sessions.forget({ userIds: [actor.id] });
  if (oldKey) await removeFiles(deps, [oldKey]);
}

/**
 * A user's picture, for the user, their partners and anyone with a pending request between them (and no
 * block); for anyone else it does not exist (404), whether or not there is a picture.
 */
export async function readAvatar(deps: AppDeps, actor: Actor, userId: string) {
  if (actor.id !== userId && !(await mayView(deps, actor.id, userId))) throw fileNotFound();
  const [row] = await deps.db
    .select({ key: avatars.storageKey, mime: avatars.mime })
    .from(avatars)
    .where(eq(avatars.userId, userId))
    .limit(1);
  const data = row ? await deps.storage.get(row.key) : null;
  if (!row || !data) throw fileNotFound();
  return { mime: row.mime, data };
}

/** Partners, or a pending request between the two with no block either way. */
async function mayView(deps: AppDeps, viewerId: string, userId: string) {
  const [partner] = await deps.db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.userId, viewerId), eq(partners.partnerId, userId)))
    .limit(1);
  if (partner) return true;
  const between = or(
    and(eq(partnerRequests.senderId, viewerId), eq(partnerRequests.receiverId, userId)),
    and(eq(partnerRequests.senderId, userId), eq(partnerRequests.receiverId, viewerId)),
  );
  const [request] = await deps.db
    .select({ id: partnerRequests.id })
    .from(partnerRequests)
    .where(and(between, eq(partnerRequests.status, 'pending')))
    .limit(1);
  const [block] = await deps.db
    .select({ id: blockedUsers.id })
    .from(blockedUsers)
    .where(
      or(
        and(eq(blockedUsers.userId, viewerId), eq(blockedUsers.blockedUserId, userId)),
        and(eq(blockedUsers.userId, userId), eq(blockedUsers.blockedUserId, viewerId)),
      ),
    )
    .limit(1);
  return request !== undefined && block === undefined;
}
