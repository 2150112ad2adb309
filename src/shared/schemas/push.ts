import { z } from 'zod';
import { CLOCK_TIME } from '../domain/clock-time';
import { isValidTimeZone } from '../domain/schedule';

/** Web Push (issue 13): the device subscriptions of a user and how their pushes read. */

export const PUSH_ENDPOINT_MAX = 2048;
export const PUSH_DEVICE_INFO_MAX = 200;

export const PUSH_MESSAGES = {
  endpointRequired: 'Endpoint is required',
  endpointTooLong: `Endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`,
  endpointHttps: 'Endpoint must be an https URL',
  endpointHost: 'Endpoint must be the address of a push service',
  p256dh: 'Invalid p256dh key',
  auth: 'Invalid auth key',
  deviceInfoTooLong: `Device info must be at most ${PUSH_DEVICE_INFO_MAX} characters`,
  time: 'Time must be HH:MM',
  sameTimes: 'Quiet hours must start and end at different times',
  timeZone: 'Unknown time zone',
} as const;

/** Host names that never belong to a push service: the machine itself, local and internal names. */
const LOCAL_HOST = /(^|\.)(localhost|local|internal|home|lan|localdomain)$/i;
const IP_LITERAL = /^(\[[0-9a-f:.]*\]|\d{1,3}(\.\d{1,3}){3}|\d+)$/i;
const LOOPBACK_HTTP = /^(127\.0\.0\.1|\[::1\]|localhost)$/i;

export interface EndpointRules {
  /**
   * Tests (and a local push service in development) may use http://127.0.0.1, http://[::1] or
   * http://localhost; production accepts only https addresses of a named host.
   */
  allowHttpLoopback?: boolean;
}

/**
 * A push service's address: https, a named host (no address literal, no local name), no credentials.
 * The server posts to it, so it must never name the server's own network.
 */
export const pushEndpointField = (rules: EndpointRules = {}) =>
  z
    .string({ error: PUSH_MESSAGES.endpointRequired })
    .min(1, PUSH_MESSAGES.endpointRequired)
    .max(PUSH_ENDPOINT_MAX, PUSH_MESSAGES.endpointTooLong)
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: PUSH_MESSAGES.endpointHttps });
        return;
      }
      const loopback = rules.allowHttpLoopback === true && LOOPBACK_HTTP.test(url.hostname);
      if (url.protocol !== 'https:' && !(loopback && url.protocol === 'http:')) {
        ctx.addIssue({ code: 'custom', message: PUSH_MESSAGES.endpointHttps });
        return;
      }
      const host = url.hostname.replace(/\.$/, '');
      if (
        !loopback &&
        (host === '' || LOCAL_HOST.test(host) || IP_LITERAL.test(host) || !host.includes('.'))
      ) {
        ctx.addIssue({ code: 'custom', message: PUSH_MESSAGES.endpointHost });
        return;
      }
      if (url.username !== '' || url.password !== '' || url.hash !== '') {
        ctx.addIssue({ code: 'custom', message: PUSH_MESSAGES.endpointHost });
      }
    });

/** base64url as a browser's PushSubscription.toJSON() gives it; the padding some encoders add is dropped. */
const base64url = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .max(100, message)
    .regex(pattern, message)
    .transform((v) => v.replace(/=+$/, ''));

export const subscriptionKeys = z.object(
  {
    /** An uncompressed P-256 point: 65 bytes, the first 0x04 (so "B", then one of A to P). */
    p256dh: base64url(/^B[A-P][A-Za-z0-9_-]{85}=?$/, PUSH_MESSAGES.p256dh),
    /** The 16-byte authentication secret. */
    auth: base64url(/^[A-Za-z0-9_-]{22}(==)?$/, PUSH_MESSAGES.auth),
  },
  { error: 'Subscription keys are required' },
);

export const pushSubscriptionInput = (rules: EndpointRules = {}) =>
  z.object({
    endpoint: pushEndpointField(rules),
    keys: subscriptionKeys,
    deviceInfo: z
      .string({ error: 'Device info must be text' })
      .trim()
      .max(PUSH_DEVICE_INFO_MAX, PUSH_MESSAGES.deviceInfoTooLong)
      .optional(),
  });
export type PushSubscriptionInput = z.input<ReturnType<typeof pushSubscriptionInput>>;
/** The subscription as the route hands it on (padding dropped, device info trimmed). */
export type PushSubscriptionData = z.output<ReturnType<typeof pushSubscriptionInput>>;

export const pushEndpointInput = (rules: EndpointRules = {}) =>
  z.object({ endpoint: pushEndpointField(rules) });

export const clockTime = z.string({ error: PUSH_MESSAGES.time }).regex(CLOCK_TIME, PUSH_MESSAGES.time);

/** An IANA time zone the runtime knows, in its canonical spelling. */
export const timeZoneField = z
  .string({ error: PUSH_MESSAGES.timeZone })
  .min(1, PUSH_MESSAGES.timeZone)
  .max(64, PUSH_MESSAGES.timeZone)
  .refine((tz) => isValidTimeZone(tz) && canonicalTimeZone(tz) !== null, PUSH_MESSAGES.timeZone)
  .transform((tz) => canonicalTimeZone(tz) ?? tz);

export function canonicalTimeZone(tz: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const quietHoursInput = z
  .object({ start: clockTime, end: clockTime, timeZone: timeZoneField })
  .refine((q) => q.start !== q.end, { message: PUSH_MESSAGES.sameTimes, path: ['end'] });
export type QuietHours = z.output<typeof quietHoursInput>;

/** How the user's pushes read: discreet unless `showDetails`; held during quiet hours. */
export const pushPreferencesInput = z.object({
  showDetails: z.boolean({ error: 'showDetails must be true or false' }),
  quietHours: quietHoursInput.nullable(),
});
export type PushPreferences = z.output<typeof pushPreferencesInput>;

/** One device of the user. `createdAt` in epoch milliseconds. */
export interface PushSubscriptionView {
  id: string;
  endpoint: string;
  deviceInfo: string | null;
  /** This device is in discreet mode (decision 081): its pushes name the neutral name. */
  discreet: boolean;
  createdAt: number;
}

/** What a push carries to the service worker (encrypted, RFC 8291). */
export interface PushMessage {
  title: string;
  body: string;
  /** The app's path the notification is about: a tap opens it. */
  url: string;
  /** A newer notification with the same tag replaces the one shown. */
  tag: string;
  /** Sent to a device in discreet mode (decision 081): the service worker shows the neutral icon. */
  discreet?: true;
}

/** 409 when an endpoint is registered by another account (decision 030). */
export const ENDPOINT_TAKEN_MESSAGE =
  'This device is registered to another account. Unsubscribe it and subscribe again.';
