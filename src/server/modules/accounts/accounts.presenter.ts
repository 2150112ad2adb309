import { effectiveRole } from '@/shared/domain/roles';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { type AuthSession, type AuthUser, asRole, asSessionRole } from '../../auth/session';

/** The explicit shape the client receives: never the raw row (no hashes, no verification flags). */
export function presentCurrentUser(
  user: AuthUser,
  session: AuthSession | null,
  partners: CurrentUser['partners'],
): CurrentUser {
  const role = asRole(user.role);
  const lastVisit = (user as { lastVisitAt?: Date | null }).lastVisitAt;
  return {
    id: user.id,
    displayName: user.name,
    email: user.email,
    username: String(user.username ?? ''),
    role,
    sessionRole: effectiveRole(role, asSessionRole(session?.sessionRole)),
    photoURL: user.image ?? null,
    lastVisitAt: lastVisit ? new Date(lastVisit).getTime() : null,
    timeZone: String(user.timeZone ?? 'UTC'),
    partners,
  };
}
