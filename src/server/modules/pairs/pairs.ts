import { and, asc, eq, or } from 'drizzle-orm';
import type { PartnerView } from '@/shared/schemas/partners';
import type { Db } from '../../db/client';
import { pairs, partners, users } from '../../db/schema';
import type { Tx } from '../../realtime/publisher';

/** An active pair for this couple: created, or reactivated when they had one before. */
export async function ensureActivePair(tx: Tx, dominantId: string, submissiveId: string, now: Date) {
  const [pair] = await tx
    .insert(pairs)
    .values({ dominantId, submissiveId, status: 'active' })
    .onConflictDoUpdate({
      target: [pairs.dominantId, pairs.submissiveId],
      set: { status: 'active', updatedAt: now },
    })
    .returning({ id: pairs.id });
  return pair!.id;
}

/** Every pair between two people, in either direction, becomes inactive. */
export async function endPairsBetween(tx: Tx, a: string, b: string, now: Date) {
  await tx
    .update(pairs)
    .set({ status: 'inactive', updatedAt: now })
    .where(
      and(
        eq(pairs.status, 'active'),
        or(
          and(eq(pairs.dominantId, a), eq(pairs.submissiveId, b)),
          and(eq(pairs.dominantId, b), eq(pairs.submissiveId, a)),
        ),
      ),
    );
}

/** The people a user is connected with, oldest connection first. */
export async function listPartners(q: Db | Tx, userId: string): Promise<PartnerView[]> {
  const rows = await q
    .select({ id: users.id, displayName: users.displayName, role: users.role, photoUrl: users.photoUrl })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.partnerId))
    .where(eq(partners.userId, userId))
    .orderBy(asc(partners.createdAt));
  return rows.map((u) => ({ id: u.id, name: u.displayName, role: u.role, photoURL: u.photoUrl }));
}
