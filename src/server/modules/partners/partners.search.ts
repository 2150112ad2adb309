import { and, eq, exists, ne, not, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import { blockedUsers, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { presentSearchResult } from './partners.presenter';
import { blockedBetween } from './partners.queries';

/** Exact address only; never lists; hides the searcher and anyone on either side of a block. */
export async function searchUsers(deps: AppDeps, actor: Actor, input: { email: string }) {
  const rows = await deps.db
    .select({ id: users.id, displayName: users.displayName, role: users.role, photoUrl: users.photoUrl })
    .from(users)
    .where(
      and(
        eq(users.email, input.email),
        ne(users.id, actor.id),
        deps.requireEmailVerification ? eq(users.emailVerified, true) : undefined,
        not(
          exists(
            deps.db.select({ one: sql`1` }).from(blockedUsers).where(blockedBetween(actor.id, users.id)),
          ),
        ),
      ),
    )
    .limit(1);
  return rows.map(presentSearchResult);
}
