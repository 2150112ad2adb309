import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createAuth } from './auth/auth';
import { createSessionReader } from './auth/session-cache';
import { type Database, openDatabase } from './db/client';
import type { AppDeps } from './deps';
import { createMailer, type Mailer } from './email/mailer';
import { createMailQueue } from './email/queue';
import type { Config } from './env';
import { createRateLimiter } from './http/rate-limit';
import type { Logger } from './logger';
import {
  createDatabaseStorage,
  createFileStorage,
  type MediaStorage,
  moveFilesToDatabase,
} from './media/storage';
import { sweepExpiredLinks, sweepExpiredSessions } from './modules/accounts/accounts.links';
import { sweepLoginAttempts } from './modules/accounts/login-limit';
import { sweepUnclaimedMedia } from './modules/media/media.claims';
import { deliverNotification, flushHeldPushes } from './modules/push/push.deliver';
import { createPushService, type PushTuning } from './push/service';
import { createInProcessBus, createPostgresBus, type EventBus } from './realtime/bus';
import { SseHub } from './realtime/hub';
import { createPublisher } from './realtime/publisher';
import { loadOrCreateSecrets } from './secrets';

/** Everything the server runs on: the API's collaborators (AppDeps) and what only start and stop need. */
export interface Services extends AppDeps {
  config: Config;
  database: Database;
  bus: EventBus;
  /** The transport under the mail queue; closed at shutdown once the queue has drained. */
  mailer: Mailer;
  /**
   * Housekeeping, at start and every hour: uploads no feature claimed within a day, spent links, ended
   * rate-limit windows and stale login counters; on PGlite, the planner's statistics.
   */
  maintain(): Promise<void>;
  /** Stops the event streams, the bus and the timers; the database is closed by its owner. */
  closeRealtime(): Promise<void>;
}

/** How often unclaimed uploads are looked for. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Everything the app needs, built from the configuration. Tests pass their own database and clock. */
export async function createServices(
  config: Config,
  log: Logger,
  overrides: {
    database?: Database;
    clock?: () => Date;
    push?: PushTuning;
    /** Shorter mail retries (a test's peer answers at once). */
    mailRetryDelaysMs?: readonly number[];
  } = {},
): Promise<Services> {
  const secrets = loadOrCreateSecrets(config.dataDir, config.secrets);
  const database =
    overrides.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
      (error) => log.warn({ err: error }, 'database: an idle connection failed and was dropped'),
    ));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log,
  });
  const mail = createMailQueue(mailer, log, { retryDelaysMs: overrides.mailRetryDelaysMs });
  const auth = createAuth({
    db: database.db,
    secret: secrets.authSecret,
    appUrl: config.appUrl,
    requireEmailVerification: config.requireEmailVerification,
    mail,
    log,
  });
  // In-process on the embedded database; LISTEN/NOTIFY across instances on a PostgreSQL server.
  const bus =
    database.kind === 'postgres' && database.url
      ? await createPostgresBus(database.url, log)
      : createInProcessBus();
  const publisher = createPublisher(database.db, bus, log);
  const hub = new SseHub(bus);
  const sessions = await createSessionReader({ auth, secret: secrets.authSecret, bus, publisher });
  const clock = overrides.clock ?? (() => new Date());
  const limits = createRateLimiter({
    db: database.db,
    secret: secrets.authSecret,
    clock,
    scale: config.rateLimitScale,
  });
  const storage = await openMediaStorage(config, database, log);
  const push = createPushService({ config, secrets, db: database.db, log, tuning: overrides.push });
  // Housekeeping: each sweep alone, so that one failing does not keep the others from running.
  const sweeps: [string, () => Promise<unknown>][] = [
    [
      'media',
      async () => {
        const removed = await sweepUnclaimedMedia({ db: database.db, storage, log, clock });
        if (removed > 0) log.info({ removed }, 'media: unclaimed uploads removed');
      },
    ],
    ['links', () => sweepExpiredLinks({ db: database.db, clock })],
    ['sessions', () => sweepExpiredSessions({ db: database.db, clock })],
    ['limits', () => limits.sweep()],
    ['login attempts', () => sweepLoginAttempts(database.db, clock())],
    // PGlite runs no autovacuum: without fresh statistics the planner takes a long conversation for a
    // short one and sorts it whole instead of reading its newest page from the index (decision 021).
    ['planner statistics', async () => database.kind === 'pglite' && database.db.execute(sql`analyze`)],
  ];
  const maintain = async () => {
    for (const [name, sweep] of sweeps) {
      await sweep().catch((error) =>
        log.warn({ err: error, sweep: name }, 'maintenance: sweep failed, will try again'),
      );
    }
  };
  await maintain();
  const sweeper = setInterval(() => void maintain(), SWEEP_INTERVAL_MS);
  sweeper.unref();
  const services: Services = {
    config,
    database,
    db: database.db,
    auth,
    sessions,
    mailer,
    mail,
    log,
    clock,
    bus,
    publisher,
    hub,
    storage,
    appUrl: config.appUrl,
    requireEmailVerification: config.requireEmailVerification,
    pdfTimeoutMs: config.pdfTimeoutMs,
    limits,
    trustProxy: config.trustProxy,
    maintain,
    push,
    async closeRealtime() {
      clearInterval(sweeper);
      clearInterval(summaries);
      hub.closeAll();
      await bus.close();
    },
  };
  // Every notification Pact creates is pushed to its user's devices once its transaction has committed,
  // by the instance that created it, off the request path.
  publisher.afterCommit((messages) => {
    for (const message of messages) {
      if (message.kind !== 'event' || message.event.name !== 'notification.created') continue;
      const { notificationId } = message.event.data;
      for (const userId of message.userIds) {
        push.queue.run(() => deliverNotification(services, userId, notificationId));
      }
    }
  });
  // Quiet hours that have ended send their summaries.
  const summaries = setInterval(() => push.queue.run(() => flushHeldPushes(services)), SUMMARY_INTERVAL_MS);
  summaries.unref();
  return services;
}

/** How often ended quiet hours are looked for. */
const SUMMARY_INTERVAL_MS = 60 * 1000;

/**
 * Media bytes in PostgreSQL, reachable from every instance, or files under DATA_DIR/media (decision 017).
 * Files an earlier start kept under DATA_DIR/media move into the database the first time it is chosen.
 */
async function openMediaStorage(config: Config, database: Database, log: Logger): Promise<MediaStorage> {
  const root = path.join(config.dataDir, 'media');
  if (config.mediaStorage === 'files') return createFileStorage(root);
  try {
    const moved = await moveFilesToDatabase(database.db, root);
    if (moved > 0) log.info({ moved }, 'media: files moved into the database');
  } catch (error) {
    log.warn({ err: error }, 'media: files not moved into the database, will try again at the next start');
  }
  return createDatabaseStorage(database.db);
}
