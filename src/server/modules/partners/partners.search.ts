import { and, eq, exists, ne, not, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import { blockedUsers, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { presentSearchResult } from './partners.presenter';
import { blockedBetween } from './partners.queries';

/**
 * The found user's picture address, only when the searcher may load it (decision 028): a partner, or a
 * pending request between them. A stranger learns neither that there is a picture nor when it was set.
 */
// Written out with table names: inside a one-table select, Drizzle leaves columns unqualified, and the
// subqueries' "id" would be their own.
const visiblePhoto = (searcherId: string) => sql<string | null>`case when exists (
    select 1 from partners p where p.user_id = ${searcherId} and p.partner_id = "users"."id"
  ) or exists (
    select 1 from partner_requests r where r.status = 'pending' and (
      (r.sender_id = ${searcherId} and r.receiver_id = "users"."id")
      or (r.sender_id = "users"."id" and r.receiver_id = ${searcherId}))
  ) then "users"."photo_url" end`;

/** Exact address only; never lists; hides the searcher and anyone on either side of a block. */
export async function searchUsers(deps: AppDeps, actor: Actor, input: { email: string }) {
  const rows = await deps.db
    .select({
      id: users.id,
      displayName: users.displayName,
      role: users.role,
      photoUrl: visiblePhoto(actor.id),
    })
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
