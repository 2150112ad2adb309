import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushMessage } from '@/shared/schemas/push';
import { checkedLookup, type Lookup, literalAllowed, PrivateAddressError } from './address';

/** A device as the push service knows it: its endpoint and the browser's keys. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The device is in discreet mode (decision 081). */
  discreet?: boolean;
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

export interface SenderOptions {
  /** Tests and a local push service only: loopback addresses are reachable (PUSH_ALLOW_HTTP_LOOPBACK). */
  allowLoopback?: boolean;
  /** The resolver behind the address check (tests give a fixed answer). */
  resolve?: Lookup;
}

/**
 * Encrypts (RFC 8291, aes128gcm) and signs (VAPID, RFC 8292) with the web-push library, and posts with
 * node:http(s): cut off by the caller's signal (a timeout, the shutdown), and connected only to an address
 * that was resolved and found public (`checkedLookup`: never the server's own network; decision 038).
 * In tests it reaches a local push service over http. Redirects are not followed.
 */
export function createPushSender(vapid: VapidConfig, opts: SenderOptions = {}): PushSender {
  const lookup = checkedLookup({ allowLoopback: opts.allowLoopback, resolve: opts.resolve });
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
      const url = new URL(details.endpoint);
      if (!literalAllowed(url.hostname, opts.allowLoopback === true)) throw new PrivateAddressError();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
      const body = Buffer.from(details.body);
      headers['Content-Length'] = String(body.length);
      const client = url.protocol === 'https:' ? https : http;
      return new Promise<number>((resolve, reject) => {
        const request = client.request(url, { method: 'POST', headers, lookup, signal }, (response) => {
          // The answer's body is never read or shown: only its status counts.
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end(body);
      });
    },
  };
}
