import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { deviceOf, SECURITY_EVENTS_SHOWN, securityScore } from '@/shared/domain/security';
import type { SecurityView, SessionView } from '@/shared/schemas/settings';
import { type ClientInfo, recordSecurityEvent } from '../../auth/security-log';
import type { Actor } from '../../auth/session';
import { securityEvents, sessions } from '../../db/schema';
import type { AppDeps } from '../../deps';

/** The last 100 events of the user's security log and the score of spec 2 §9. */
export async function securityLog(deps: AppDeps, actor: Actor): Promise<SecurityView> {
  const rows = await deps.db
    .select({
      id: securityEvents.id,
      type: securityEvents.type,
      code: securityEvents.code,
      device: securityEvents.device,
      details: securityEvents.details,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .where(eq(securityEvents.userId, actor.id))
    .orderBy(desc(securityEvents.seq))
    .limit(SECURITY_EVENTS_SHOWN);
  const events = rows.map((row) => ({ ...row, createdAt: row.createdAt.getTime() }));
  // Exact on the last 100: with 100 events in a day the score is 0 whatever their kinds.
  return { events, score: securityScore(events, deps.clock().getTime()) };
}

/** The user's sessions that have not expired, most recently refreshed first. */
export async function listSessions(deps: AppDeps, actor: Actor, currentId: string): Promise<SessionView[]> {
  const rows = await deps.db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.id), gt(sessions.expiresAt, deps.clock())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    createdAt: row.createdAt.getTime(),
    lastSeenAt: row.updatedAt.getTime(),
    current: row.id === currentId,
  }));
}

/**
 * Ends every session of the user but this one, through the library; they are forgotten and their event
 * streams closed on every instance. Returns how many ended.
 */
export async function revokeOtherSessions(
  deps: AppDeps,
  actor: Actor,
  input: { currentId: string; headers: Headers; client: ClientInfo; record: boolean },
) {
  const others = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.id), ne(sessions.id, input.currentId)));
  await deps.auth.api.revokeOtherSessions({ headers: input.headers });
  const sessionIds = others.map((s) => s.id);
  if (sessionIds.length > 0) await deps.sessions.forget({ sessionIds }, { closeStreams: true });
  if (input.record) {
    await recordSecurityEvent(
      deps.db,
      {
        userId: actor.id,
        type: 'other',
        code: 'sessions_revoked',
        client: input.client,
        details: `${sessionIds.length} other ${sessionIds.length === 1 ? 'session' : 'sessions'} signed out`,
      },
      deps.clock(),
    );
  }
  return sessionIds.length;
}
