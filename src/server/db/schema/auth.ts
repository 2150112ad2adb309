import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A reference to a person; the row goes with them. */
export const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A person. Also better-auth's "user" model (name -> display_name, image -> photo_url). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    photoUrl: text('photo_url'),
    role: text('role', { enum: ['dominant', 'submissive', 'switch'] }).notNull(),
    username: text('username').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [check('users_role_check', sql`${t.role} in ('dominant', 'submissive', 'switch')`)],
);

/** A signed-in device. session_role is the role a Switch chose for this session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    sessionRole: text('session_role', { enum: ['dominant', 'submissive'] }),
    /** Set while this device's app lock is engaged (decision 078): only the lock's routes answer. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    check(
      'sessions_role_check',
      sql`${t.sessionRole} is null or ${t.sessionRole} in ('dominant', 'submissive')`,
    ),
  ],
);

/** Credentials; the password column holds an argon2id hash. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

/** One-time tokens (password reset). */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Failed logins per e-mail (spec 1, section 4): kept in the database so that the limit holds across
 * restarts and server instances.
 */
export const loginAttempts = pgTable('login_attempts', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
});

/**
 * Links that may be used once and have been (e-mail verification): the SHA-256 of the token, kept until the
 * token would have expired anyway.
 */
export const usedLinks = pgTable('used_links', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Fixed-window counters of the rate limits (per client address, per account, per e-mail address), kept in
 * the database so that they hold across restarts and instances. The key is a keyed hash: no address or
 * e-mail is stored.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/**
 * A passkey (better-auth's "passkey" model, decision 077): a WebAuthn credential that signs its owner in
 * instead of the password. The public key and the signature counter only; the private key never leaves
 * the authenticator. last_used_at is Pact's own, set on each sign-in or confirmation with it.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name'),
    userId: userRef('user_id'),
    publicKey: text('public_key').notNull(),
    credentialID: text('credential_id').notNull().unique(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId)],
);
