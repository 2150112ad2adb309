import type { Auth } from './auth/auth';
import type { SessionReader } from './auth/session-cache';
import type { Db } from './db/client';
import type { MailQueue } from './email/queue';
import type { RateLimiter } from './http/rate-limit';
import type { Logger } from './logger';
import type { MediaStorage } from './media/storage';
import type { Outbox } from './outbox/worker';
import type { PushDelivery } from './push/delivery';
import type { SseHub } from './realtime/hub';
import type { Publisher } from './realtime/publisher';

/**
 * What every route factory and every service receives: the one set of collaborators of the API. Services
 * take `(deps, actor, input)`; tests build the same object through `createServices`.
 */
export interface AppDeps {
  db: Db;
  auth: Auth;
  /** The session of a request, cached; every change to a session or its user goes through `forget`. */
  sessions: SessionReader;
  publisher: Publisher;
  hub: SseHub;
  storage: MediaStorage;
  /** Mail leaves after the answer, from the outbox (never on the request path). */
  mail: MailQueue;
  /** The durable outbox mails and pushes leave from, drained by a worker on every instance (decision 037). */
  outbox: Outbox;
  log: Logger;
  clock: () => Date;
  /** The limits on anonymous and probing requests, kept in the database. */
  limits: RateLimiter;
  /** Whether X-Forwarded-For names the client (behind a trusted reverse proxy). */
  trustProxy: boolean;
  appUrl: string;
  requireEmailVerification: boolean;
  /** The contract PDF's time limit in its worker thread (decision 038). */
  pdfTimeoutMs: number;
  /** Web Push: the VAPID public key browsers subscribe with, and the delivery pushes leave through. */
  push: {
    publicKey: string;
    /** Tests only: push endpoints on http://127.0.0.1 are accepted. */
    allowHttpLoopback: boolean;
    /** One attempt at a push; the outbox's `push` rows go through it and are retried by the outbox. */
    delivery: PushDelivery;
  };
}
