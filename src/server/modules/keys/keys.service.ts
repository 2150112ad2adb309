/**
 * End-to-end encryption's keys on the server (decision 100): it stores public keys and what was wrapped in
 * the browser, and decides who may read and write which; it never sees a private key or a pair key
 * unwrapped, and cannot check what a wrap holds.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  KEYS_TEXT,
  type MyKeysView,
  type PairKeysView,
  type PairWrapsInput,
  type rewrapInput,
  type SetUpKeysInput,
} from '@/shared/schemas/keys';
import { verifyPassword } from '../../auth/password-hash';
import { type ClientInfo, recordSecurityEvent } from '../../auth/security-log';
import type { Actor } from '../../auth/session';
import type { Queryable } from '../../db/client';
import { accounts, pairKeyWraps, pairs, userKeys } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, invalid, notFound } from '../../http/errors';
import { inActorPairs } from '../pairs/pairs.scope';

type Keys = NonNullable<MyKeysView['keys']>;

/** The account's own keys. */
export async function getMyKeys(deps: AppDeps, actor: Actor): Promise<MyKeysView> {
  const [row] = await deps.db.select().from(userKeys).where(eq(userKeys.userId, actor.id)).limit(1);
  if (!row) return { keys: null };
  return {
    keys: {
      publicKey: row.publicKey,
      passwordWrap: row.passwordWrap as Keys['passwordWrap'],
      recoveryWrap: row.recoveryWrap as Keys['recoveryWrap'],
      generation: row.generation,
      updatedAt: row.updatedAt.getTime(),
    },
  };
}

/** Whether `password` is the account's password (false for an account that signs in by passkey only). */
async function passwordMatches(q: Queryable, userId: string, password: string) {
  const [row] = await q
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return !!row?.hash && (await verifyPassword({ hash: row.hash, password }));
}

/**
 * Sets up the account's key pair, or replaces it (`replace`), once the password is checked: a replaced key is a new
 * generation, its old wraps open no more, and the partner's safety code changes. Logged in the security log.
 */
export async function setUpKeys(deps: AppDeps, actor: Actor, input: SetUpKeysInput, client: ClientInfo) {
  const now = deps.clock();
  if (!(await passwordMatches(deps.db, actor.id, input.password))) {
    await recordSecurityEvent(
      deps.db,
      { userId: actor.id, type: 'auth_failure', code: 'key_setup_failed', client, onceWithinMs: 60_000 },
      now,
    );
    throw invalid(KEYS_TEXT.wrongPassword, { fields: { password: KEYS_TEXT.wrongPassword } });
  }
  const written = await deps.publisher.transaction(async (tx, emit) => {
    const values = {
      publicKey: input.publicKey,
      passwordWrap: input.passwordWrap,
      recoveryWrap: input.recoveryWrap,
      updatedAt: now,
    };
    if (!input.replace) {
      const [row] = await tx
        .insert(userKeys)
        .values({ userId: actor.id, ...values, createdAt: now })
        .onConflictDoNothing()
        .returning({ generation: userKeys.generation });
      if (!row) throw conflict(KEYS_TEXT.alreadySetUp);
      emit(await peopleOf(tx, actor.id), 'keys.changed', { userId: actor.id, pairId: null });
      return row;
    }
    const [row] = await tx
      .insert(userKeys)
      .values({ userId: actor.id, ...values, createdAt: now })
      .onConflictDoUpdate({
        target: userKeys.userId,
        set: { ...values, generation: sql`${userKeys.generation} + 1` },
      })
      .returning({ generation: userKeys.generation });
    emit(await peopleOf(tx, actor.id), 'keys.changed', { userId: actor.id, pairId: null });
    return row!;
  });
  await recordSecurityEvent(
    deps.db,
    {
      userId: actor.id,
      type: 'other',
      code: written.generation === 1 ? 'keys_set_up' : 'keys_replaced',
      client,
    },
    now,
  );
  return getMyKeys(deps, actor);
}

/** The same private key wrapped by a new password, once the current password is checked. */
export async function rewrapKeys(
  deps: AppDeps,
  actor: Actor,
  input: z.infer<typeof rewrapInput>,
  client: ClientInfo,
) {
  const now = deps.clock();
  if (!(await passwordMatches(deps.db, actor.id, input.password))) {
    await recordSecurityEvent(
      deps.db,
      { userId: actor.id, type: 'auth_failure', code: 'key_rewrap_failed', client, onceWithinMs: 60_000 },
      now,
    );
    throw invalid(KEYS_TEXT.wrongPassword, { fields: { password: KEYS_TEXT.wrongPassword } });
  }
  const [row] = await deps.db
    .update(userKeys)
    .set({ passwordWrap: input.passwordWrap, updatedAt: now })
    .where(eq(userKeys.userId, actor.id))
    .returning({ userId: userKeys.userId });
  if (!row) throw conflict(KEYS_TEXT.notSetUp);
  return getMyKeys(deps, actor);
}

/** The user and everyone they share an active pair with: who hears that the user's key changed. */
async function peopleOf(q: Queryable, userId: string) {
  const rows = await q
    .select({ dominantId: pairs.dominantId, submissiveId: pairs.submissiveId })
    .from(pairs)
    .where(and(eq(pairs.status, 'active'), or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId))));
  return [...new Set([userId, ...rows.flatMap((r) => [r.dominantId, r.submissiveId])])];
}

/** The actor's active pair `pairId` with the partner's id; 404 for anyone else, and for a former partner. */
async function pairOf(q: Queryable, actor: Actor, pairId: string) {
  const [pair] = await q
    .select({ id: pairs.id, dominantId: pairs.dominantId, submissiveId: pairs.submissiveId })
    .from(pairs)
    .where(and(eq(pairs.id, pairId), inActorPairs(pairs.id, actor)))
    .limit(1);
  if (!pair) throw notFound(KEYS_TEXT.pairNotFound);
  return { ...pair, partnerId: pair.dominantId === actor.id ? pair.submissiveId : pair.dominantId };
}

/** The partner's public key and the pair's keys wrapped for the reader's current key. */
export async function getPairKeys(deps: AppDeps, actor: Actor, pairId: string): Promise<PairKeysView> {
  const pair = await pairOf(deps.db, actor, pairId);
  const members = await deps.db
    .select({
      userId: userKeys.userId,
      publicKey: userKeys.publicKey,
      generation: userKeys.generation,
      updatedAt: userKeys.updatedAt,
    })
    .from(userKeys)
    .where(inArray(userKeys.userId, [actor.id, pair.partnerId]));
  const mine = members.find((m) => m.userId === actor.id);
  const partner = members.find((m) => m.userId === pair.partnerId);
  const rows = await deps.db.select().from(pairKeyWraps).where(eq(pairKeyWraps.pairId, pair.id));
  const keyIds = [...new Set(rows.map((r) => r.keyId))].sort((a, b) => b - a);
  return {
    pairId: pair.id,
    partner: {
      id: pair.partnerId,
      publicKey: partner?.publicKey ?? null,
      generation: partner?.generation ?? null,
      updatedAt: partner?.updatedAt.getTime() ?? null,
    },
    mine: { publicKey: mine?.publicKey ?? null, generation: mine?.generation ?? null },
    wraps: rows
      .filter((r) => r.recipientId === actor.id && mine && r.recipientPublicKey === mine.publicKey)
      .sort((a, b) => b.keyId - a.keyId)
      .map((r) => ({
        keyId: r.keyId,
        from: r.wrapperId,
        fromPublicKey: r.wrapperPublicKey,
        iv: r.iv,
        ct: r.ct,
        createdAt: r.createdAt.getTime(),
      })),
    keys: keyIds.map((keyId) => ({
      keyId,
      partnerHasIt: rows.some(
        (r) =>
          r.keyId === keyId &&
          r.recipientId === pair.partnerId &&
          !!partner &&
          r.recipientPublicKey === partner.publicKey,
      ),
    })),
  };
}

/**
 * Stores pair keys wrapped by the actor, for themself or their partner, each to the public key it names,
 * which must be the recipient's current one (409 otherwise: the key changed while the browser wrapped).
 * A wrap replaces the recipient's earlier wrap of the same key.
 */
export async function addPairWraps(deps: AppDeps, actor: Actor, pairId: string, input: PairWrapsInput) {
  const now = deps.clock();
  await deps.publisher.transaction(async (tx, emit) => {
    const pair = await pairOf(tx, actor, pairId);
    const members = await tx
      .select({ userId: userKeys.userId, publicKey: userKeys.publicKey })
      .from(userKeys)
      .where(inArray(userKeys.userId, [actor.id, pair.partnerId]))
      .for('share');
    const mine = members.find((m) => m.userId === actor.id);
    if (!mine) throw conflict(KEYS_TEXT.notSetUp);
    const seen = new Set(input.wraps.map((w) => `${w.keyId}:${w.to}`));
    if (seen.size !== input.wraps.length)
      throw invalid(KEYS_TEXT.wrapsRule, { fields: { wraps: KEYS_TEXT.wrapsRule } });
    for (const wrap of input.wraps) {
      if (wrap.to !== actor.id && wrap.to !== pair.partnerId) {
        throw invalid(KEYS_TEXT.recipientRule, { fields: { wraps: KEYS_TEXT.recipientRule } });
      }
      const recipient = members.find((m) => m.userId === wrap.to);
      if (!recipient) throw conflict(KEYS_TEXT.partnerNotSetUp);
      if (recipient.publicKey !== wrap.toPublicKey) throw conflict(KEYS_TEXT.keyChanged);
    }
    // One writer at a time per pair: two devices that each make "the first key" do not both succeed.
    await tx.select({ id: pairs.id }).from(pairs).where(eq(pairs.id, pair.id)).for('update');
    const existing = await tx
      .select({
        keyId: pairKeyWraps.keyId,
        recipientId: pairKeyWraps.recipientId,
        to: pairKeyWraps.recipientPublicKey,
      })
      .from(pairKeyWraps)
      .where(eq(pairKeyWraps.pairId, pair.id));
    const current = (userId: string) => members.find((m) => m.userId === userId)?.publicKey;
    const holds = (userId: string, keyId: number) =>
      existing.some((e) => e.keyId === keyId && e.recipientId === userId && e.to === current(userId));
    const known = new Set(existing.map((e) => e.keyId));
    const next = Math.max(0, ...known) + 1;
    for (const wrap of input.wraps) {
      if (known.has(wrap.keyId)) {
        // A key the pair has is wrapped again only by someone who holds it, and only for someone who does
        // not: a wrap one can open is never replaced (by anyone: it is the same key by its id).
        if (!holds(actor.id, wrap.keyId) || holds(wrap.to, wrap.keyId)) throw conflict(KEYS_TEXT.keyExists);
      } else {
        // A new key is the next id, made here, and wrapped for its maker too.
        if (wrap.keyId !== next) throw conflict(KEYS_TEXT.keyExists);
        if (!input.wraps.some((w) => w.keyId === wrap.keyId && w.to === actor.id)) {
          throw invalid(KEYS_TEXT.makerHoldsIt, { fields: { wraps: KEYS_TEXT.makerHoldsIt } });
        }
      }
    }
    const values = input.wraps.map((wrap) => ({
      pairId: pair.id,
      keyId: wrap.keyId,
      recipientId: wrap.to,
      wrapperId: actor.id,
      wrapperPublicKey: mine.publicKey,
      recipientPublicKey: wrap.toPublicKey,
      iv: wrap.iv,
      ct: wrap.ct,
      createdAt: now,
    }));
    await tx
      .insert(pairKeyWraps)
      .values(values)
      .onConflictDoUpdate({
        target: [pairKeyWraps.pairId, pairKeyWraps.keyId, pairKeyWraps.recipientId],
        set: {
          wrapperId: sql`excluded.wrapper_id`,
          wrapperPublicKey: sql`excluded.wrapper_public_key`,
          recipientPublicKey: sql`excluded.recipient_public_key`,
          iv: sql`excluded.iv`,
          ct: sql`excluded.ct`,
          createdAt: sql`excluded.created_at`,
        },
        // Only a wrap to a key its recipient has since replaced is replaced (the checks above refuse the rest).
        setWhere: sql`${pairKeyWraps.recipientPublicKey} <> excluded.recipient_public_key`,
      });
    emit([actor.id, pair.partnerId], 'keys.changed', { userId: actor.id, pairId: pair.id });
  });
  return getPairKeys(deps, actor, pairId);
}
