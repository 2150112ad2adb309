import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createAuth } from './auth/auth';
import { createSessionReader } from './auth/session-cache';
import { type Database, openDatabase } from './db/client';
import { claimJobRun, runClaimed, slotOf, sweepJobRuns } from './db/job-runs';
import type { AppDeps } from './deps';
import { createMailer, type Mailer } from './email/mailer';
import { createMailQueue, mailHandler } from './email/queue';
import type { Config } from './env';
import { sweepIdempotencyKeys } from './http/idempotency';
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
import { openDueCheckins } from './modules/checkins/checkins.schedule';
import { sweepContractChains } from './modules/contracts/contracts.chain';
import { sweepUnclaimedMedia } from './modules/media/media.claims';
import { expireProofs } from './modules/media/media.expiry';
import { deliverNotification, flushHeldPushes } from './modules/push/push.deliver';
import { sendDueReminders, sweepRemindersSent } from './modules/push/push.reminders';
import { eraseDeletedTasks } from './modules/tasks/tasks.requests';
import { createOutbox, type Outbox, type OutboxTuning, sweepDeadOutboxRows } from './outbox/worker';
import { PUSH_BACKOFF, pushHandler } from './push/delivery';
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
  outbox: Outbox;
  /**
   * Housekeeping, at start and every hour: uploads no feature claimed within a day, spent links, ended
   * rate-limit windows and stale login counters; on PGlite, the planner's statistics.
   */
  maintain(): Promise<void>;
  /**
   * The same as scheduled at start and every hour: each sweep runs only when this instance claims its
   * hour (`job_runs`), so that several instances on one database run it once. Answers the sweeps it ran.
   */
  scheduledMaintenance(): Promise<string[]>;
  /**
   * The minute's reminders (due tasks, timers run out) as pushes, when this instance claims the minute
   * (`job_runs`); every minute from start. Answers how many reminders it claimed (decision 047).
   */
  sendReminders(): Promise<number>;
  /**
   * The scheduled check-ins due (decision 052), when this instance claims the minute (`job_runs`); every
   * minute from start. Answers how many check-ins it opened.
   */
  openCheckins(): Promise<number>;
  /**
   * Deleted tasks past their minute of Undo erased with their files (decision 099), when this instance
   * claims the minute (`job_runs`); every minute from start. Answers how many it erased.
   */
  eraseDeletedTasks(): Promise<number>;
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
    /** The outbox's pauses and lease (tests); OUTBOX_RETRY_MS and OUTBOX_LEASE_MS set them otherwise. */
    outbox?: OutboxTuning;
    /** False: no reminder runs every minute; the test calls sendReminders itself, at its clock's time. */
    scheduleReminders?: boolean;
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
  const clock = overrides.clock ?? (() => new Date());
  const outbox = createOutbox({
    db: database.db,
    log,
    clock,
    tuning: { retryMs: config.outboxRetryMs, leaseMs: config.outboxLeaseMs, ...overrides.outbox },
  });
  const mail = createMailQueue(database.db, outbox, mailer);
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
    // Proofs whose keep-time ran out (decision 076): rows marked, files and blobs deleted.
    ['expired proofs', () => expireProofs({ publisher, storage, log, clock })],
    ['links', () => sweepExpiredLinks({ db: database.db, clock })],
    ['sessions', () => sweepExpiredSessions({ db: database.db, clock })],
    ['limits', () => limits.sweep()],
    ['idempotency keys', () => sweepIdempotencyKeys({ db: database.db, clock })],
    ['login attempts', () => sweepLoginAttempts(database.db, clock())],
    // Each contract's history re-hashed whole once a day, the break stored for its views (decision 047).
    [
      'contract chains',
      async () => {
        const { verified, broken } = await sweepContractChains({ db: database.db, clock });
        if (broken > 0) log.warn({ verified, broken }, 'contracts: histories that do not verify');
      },
    ],
    // PGlite runs no autovacuum: without fresh statistics the planner takes a long conversation for a
    // short one and sorts it whole instead of reading its newest page from the index (decision 021).
    ['planner statistics', async () => database.kind === 'pglite' && database.db.execute(sql`analyze`)],
  ];
  // Dead outbox rows a month old, and the claims of past runs.
  sweeps.push(
    ['outbox', () => sweepDeadOutboxRows(database.db, clock())],
    ['job runs', () => sweepJobRuns(database.db, clock())],
    ['reminders sent', () => sweepRemindersSent({ db: database.db, clock })],
  );
  const runSweep = async (name: string, sweep: () => Promise<unknown>) => {
    try {
      await sweep();
      log.debug({ sweep: name }, 'maintenance: sweep ran');
    } catch (error) {
      log.warn({ err: error, sweep: name }, 'maintenance: sweep failed, will try again');
    }
  };
  const maintain = async () => {
    for (const [name, sweep] of sweeps) await runSweep(name, sweep);
  };
  // At start and every hour: each sweep once per hour of the clock, whichever instance claims it first.
  const scheduledMaintenance = async () => {
    const ran: string[] = [];
    const slot = slotOf(clock(), SWEEP_INTERVAL_MS);
    for (const [name, sweep] of sweeps) {
      const claimed = await claimJobRun(database.db, `sweep:${name}`, slot).catch((error) => {
        log.warn({ err: error, sweep: name }, 'maintenance: sweep not claimed, will try again');
        return false;
      });
      if (!claimed) continue;
      await runSweep(name, sweep);
      ran.push(name);
    }
    return ran;
  };
  await scheduledMaintenance();
  const sweeper = setInterval(() => void scheduledMaintenance(), SWEEP_INTERVAL_MS);
  sweeper.unref();
  /** A job of the minute, run by the one instance that claims the minute in `job_runs`. */
  const everyMinute = (name: string, job: () => Promise<number>) =>
    runClaimed(database.db, name, clock(), REMINDER_INTERVAL_MS, job);
  const services: Services = {
    config,
    database,
    db: database.db,
    auth,
    sessions,
    mailer,
    mail,
    outbox,
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
    scheduledMaintenance,
    sendReminders: () => everyMinute('reminders', () => sendDueReminders(services)),
    eraseDeletedTasks: () =>
      everyMinute('task erasure', () => eraseDeletedTasks({ db: database.db, storage, log, clock })),
    openCheckins: () => everyMinute('checkins', async () => (await openDueCheckins(services)).length),
    push,
    async closeRealtime() {
      clearInterval(sweeper);
      clearInterval(summaries);
      clearInterval(reminders);
      hub.closeAll();
      await bus.close();
    },
  };
  // The outbox (decision 037): a notification's row becomes one push row per device, each push row a
  // push, each mail row a mail; any instance's worker takes any due row.
  outbox.handle('mail', mailHandler(mailer));
  outbox.handle('notification', async (row) => {
    const { notificationId } = row.payload as { notificationId: string };
    if (!row.userId) return { ok: true };
    const pushes = await deliverNotification(services, row.userId, notificationId);
    // A device's push is held with its pair, as its notification was (decision 049).
    return { ok: true, follow: pushes.map((push) => ({ ...push, pairId: row.pairId ?? null })) };
  });
  outbox.handle('push', pushHandler(push.delivery), PUSH_BACKOFF);
  // Rows written in a transaction leave as soon as it has committed, without waiting for the poll.
  publisher.afterCommit((messages) => {
    const notified = messages.some((m) => m.kind === 'event' && m.event.name === 'notification.created');
    if (outbox.takeWakeAfterCommit() || notified) outbox.wake();
  });
  outbox.start();
  // Quiet hours that have ended send their summaries.
  const summaries = setInterval(() => {
    flushHeldPushes(services).catch((error) =>
      log.warn({ err: error }, 'push: summaries failed, next minute'),
    );
  }, SUMMARY_INTERVAL_MS);
  summaries.unref();
  // Reminders of due tasks and timers run out, once a minute between all instances (decision 047).
  const reminders = setInterval(() => {
    if (overrides.scheduleReminders === false) return;
    services.sendReminders().catch((error) => log.warn({ err: error }, 'reminders: run failed, next minute'));
    services.openCheckins().catch((error) => log.warn({ err: error }, 'check-ins: run failed, next minute'));
    // Deleted tasks past their minute of Undo, with their files (decision 099).
    services
      .eraseDeletedTasks()
      .catch((error) => log.warn({ err: error }, 'tasks: erasure failed, next minute'));
  }, REMINDER_INTERVAL_MS);
  reminders.unref();
  return services;
}

/** How often ended quiet hours are looked for. */
const SUMMARY_INTERVAL_MS = 60 * 1000;
/** How often due reminders are looked for: the open page's own check is every minute. */
const REMINDER_INTERVAL_MS = 60 * 1000;

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
