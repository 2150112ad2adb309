import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { deviceOf, SECURITY_EVENTS_KEPT, type SecurityEventType } from '@/shared/domain/security';
import type { Queryable } from '../db/client';
import { securityEvents, users } from '../db/schema';

/** Where a request came from, as the log may keep it: a device family and an address prefix. */
export interface ClientInfo {
  device: string;
  /** The first two octets of an IPv4 address or the first three groups of an IPv6 one. */
  network: string;
}

/** Keeps no full address: 203.0.113.7 -> 203.0.x.x, 2001:db8:1:2::3 -> 2001:db8:1::/48. */
export function networkOf(address: string): string {
  const v4 = address.replace(/^::ffff:/, '');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return `${v4.split('.').slice(0, 2).join('.')}.x.x`;
  if (address.includes(':')) return `${address.split(':').slice(0, 3).join(':')}::/48`;
  return 'unknown';
}

export const clientInfo = (userAgent: string | null | undefined, address: string): ClientInfo => ({
  device: deviceOf(userAgent),
  network: networkOf(address),
});

export interface SecurityEventInput {
  userId: string;
  type: SecurityEventType;
  code: string;
  client?: ClientInfo;
  details?: string;
  /** Not recorded again while an event of the same code is younger than this (refusals an attacker repeats). */
  onceWithinMs?: number;
}

/** Records an event and drops the user's oldest beyond the 1,000 kept. */
export async function recordSecurityEvent(q: Queryable, event: SecurityEventInput, now: Date) {
  if (event.onceWithinMs) {
    const [recent] = await q
      .select({ one: sql<number>`1` })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.userId, event.userId),
          eq(securityEvents.code, event.code),
          gt(securityEvents.createdAt, new Date(now.getTime() - event.onceWithinMs)),
        ),
      )
      .limit(1);
    if (recent) return;
  }
  const details = [event.details, event.client ? `network ${event.client.network}` : null]
    .filter(Boolean)
    .join('; ');
  await q.insert(securityEvents).values({
    userId: event.userId,
    type: event.type,
    code: event.code,
    device: event.client?.device ?? 'Unknown device',
    details,
    createdAt: now,
  });
  // The 1,000th newest row; anything older goes. One indexed read, one delete that is mostly empty.
  const [edge] = await q
    .select({ seq: securityEvents.seq })
    .from(securityEvents)
    .where(eq(securityEvents.userId, event.userId))
    .orderBy(desc(securityEvents.seq))
    .offset(SECURITY_EVENTS_KEPT - 1)
    .limit(1);
  if (edge) {
    await q
      .delete(securityEvents)
      .where(and(eq(securityEvents.userId, event.userId), lt(securityEvents.seq, edge.seq)));
  }
}

/** The same, for an address that may have no account (nothing is recorded then). */
export async function recordForEmail(
  q: Queryable,
  email: string,
  event: Omit<SecurityEventInput, 'userId'>,
  now: Date,
) {
  const [user] = await q.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (user) await recordSecurityEvent(q, { ...event, userId: user.id }, now);
  return user?.id ?? null;
}

/** Whether the user has signed in (or registered) from this device family before. */
export async function knownDevice(q: Queryable, userId: string, device: string) {
  const [row] = await q
    .select({ one: sql<number>`1` })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        eq(securityEvents.device, device),
        sql`${securityEvents.code} in ('sign_in', 'passkey_sign_in', 'new_device', 'account_created')`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
