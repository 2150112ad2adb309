/** The kinds of security event (spec 2 §3 "Security event"). */
export const SECURITY_EVENT_TYPES = ['auth_failure', 'rate_limit', 'suspicious_activity', 'other'] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** What each kind of event of the last 24 hours takes off the score (spec 2 §9). */
export const SECURITY_PENALTIES: Record<SecurityEventType, number> = {
  auth_failure: 2,
  rate_limit: 5,
  suspicious_activity: 10,
  other: 1,
};
export const SECURITY_SCORE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** "Secure" at this score or more. */
export const SECURE_SCORE = 80;
/** Events the server keeps per user, and how many the security view shows. */
export const SECURITY_EVENTS_KEPT = 1000;
export const SECURITY_EVENTS_SHOWN = 100;

export interface SecurityScore {
  score: number;
  secure: boolean;
}

/**
 * 100 minus the penalty of every event of the last 24 hours (an event in the future counts as now),
 * clamped to 0-100; secure at 80 or more.
 */
export function securityScore(
  events: readonly { type: SecurityEventType; createdAt: number }[],
  now: number,
): SecurityScore {
  let score = 100;
  for (const event of events) {
    if (now - event.createdAt <= SECURITY_SCORE_WINDOW_MS) score -= SECURITY_PENALTIES[event.type] ?? 0;
  }
  score = Math.min(100, Math.max(0, score));
  return { score, secure: score >= SECURE_SCORE };
}

/**
 * A device's family from its user agent, without version numbers or anything that singles a person out:
 * "Firefox on Linux", "Safari on iPhone", "Unknown device".
 */
export function deviceOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS/.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS|Chromium/.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
