import webpush from 'web-push';
import type { PushMessage } from '@/shared/schemas/push';

/** A device as the push service knows it: its endpoint and the browser's keys. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The Web Push headers of one push (RFC 8030): how long to keep it, how soon, and what it replaces. */
export interface PushOptions {
  /** Seconds the push service keeps an undelivered push. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A pending push with the same topic is replaced by this one (at most 32 base64url characters). */
  topic: string;
}

export interface PushSender {
  /** Sends one push and answers the push service's status; throws on a network failure or a timeout. */
  send(target: PushTarget, message: PushMessage, options: PushOptions, signal: AbortSignal): Promise<number>;
}

export interface VapidConfig {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * Encrypts (RFC 8291, aes128gcm) and signs (VAPID, RFC 8292) with the web-push library, and posts with
 * fetch: web-push's own request cannot be cancelled and speaks only https, where this one is cut off by
 * the caller's signal (a timeout, the shutdown) and, in tests, reaches a local push service over http.
 * Redirects are not followed.
 */
export function createPushSender(vapid: VapidConfig): PushSender {
  return {
    async send(target, message, options, signal) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: vapid,
          TTL: options.ttl,
          urgency: options.urgency,
          topic: options.topic,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = new Headers();
      for (const [name, value] of Object.entries(details.headers)) {
        // fetch measures the body itself.
        if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
      }
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(details.body),
        redirect: 'manual',
        signal,
      });
      // The answer's body is never read or shown: only its status counts.
      await response.body?.cancel().catch(() => {});
      return response.status;
    },
  };
}
