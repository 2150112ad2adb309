import path from 'node:path';
import { type Auth, createAuth } from './auth/auth';
import { type Database, openDatabase } from './db/client';
import { createMailer, type Mailer } from './email/mailer';
import type { Config } from './env';
import type { Logger } from './logger';
import { createFileStorage, type MediaStorage } from './media/storage';
import { createInProcessBus, createPostgresBus, type EventBus } from './realtime/bus';
import { SseHub } from './realtime/hub';
import { createPublisher, type Publisher } from './realtime/publisher';
import { loadOrCreateSecrets } from './secrets';

export interface Services {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  log: Logger;
  clock: () => Date;
  bus: EventBus;
  publisher: Publisher;
  hub: SseHub;
  storage: MediaStorage;
  /** Stops the event streams and the bus; the database is closed by its owner. */
  closeRealtime(): Promise<void>;
}

/** Everything the app needs, built from the configuration. Tests pass their own database and clock. */
export async function createServices(
  config: Config,
  log: Logger,
  overrides: { database?: Database; clock?: () => Date } = {},
): Promise<Services> {
  const secrets = loadOrCreateSecrets(config.dataDir);
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
  const auth = createAuth({
    db: database.db,
    secret: secrets.authSecret,
    appUrl: config.appUrl,
    requireEmailVerification: config.requireEmailVerification,
    mailer,
    log,
  });
  // In-process on the embedded database; LISTEN/NOTIFY across instances on a PostgreSQL server.
  const bus =
    database.kind === 'postgres' && database.url
      ? await createPostgresBus(database.url, log)
      : createInProcessBus();
  const publisher = createPublisher(database.db, bus, log);
  const hub = new SseHub(bus);
  return {
    config,
    database,
    auth,
    mailer,
    log,
    clock: overrides.clock ?? (() => new Date()),
    bus,
    publisher,
    hub,
    storage: createFileStorage(path.join(config.dataDir, 'media')),
    async closeRealtime() {
      hub.closeAll();
      await bus.close();
    },
  };
}
