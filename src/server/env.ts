import path from 'node:path';
import { z } from 'zod';
import { type Secrets, secretsFromEnv, secretVariables } from './secrets';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  APP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://pact.example.com' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Pact <no-reply@pact.local>'),
  REQUIRE_EMAIL_VERIFICATION: booleanString.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanString.default(false),
  RATE_LIMIT_SCALE: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be greater than 0')
    .max(100_000, 'must be at most 100000')
    .default(1),
  /** The outbox's first pause after a failed mail or push, in ms (each later one doubles; decision 037). */
  OUTBOX_RETRY_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(100, 'must be at least 100')
    .max(3_600_000, 'must be at most 3600000')
    .default(30_000),
  /**
   * How long a claimed outbox row is its instance's, in ms: a row whose instance died mid-send is tried
   * again after it. Longer than a send can last (a push's quick retries take up to about 2 min).
   */
  OUTBOX_LEASE_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1_000, 'must be at least 1000')
    .max(86_400_000, 'must be at most 86400000')
    .default(900_000),
  MEDIA_STORAGE: z.enum(['database', 'files'], { error: 'must be database or files' }).optional(),
  /** The VAPID contact push services may write to: a mailto: address (or an https: page). */
  PUSH_SUBJECT: z
    .string()
    .regex(
      /^(mailto:[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+|https:\/\/[^\s]+)$/,
      'must be a mailto: address such as mailto:admin@pact.example.com (or an https: URL)',
    )
    .optional(),
  /** The public half of VAPID_PRIVATE_KEY; optional (it is derived), checked against it when given. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-P][A-Za-z0-9_-]{85}$/, 'must be a P-256 public key: 65 bytes in base64url (87 characters)')
    .optional(),
  /** How long a contract PDF may take to render in its worker thread before the answer is 503. */
  PDF_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(600_000, 'must be at most 600000')
    .default(20_000),
  /** Tests only: accept http://127.0.0.1 push endpoints (a local push service). Never in production. */
  PUSH_ALLOW_HTTP_LOOPBACK: booleanString.default(false),
  // AUTH_SECRET and any other secret of secrets.ts.
  ...secretVariables,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  appUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  requireEmailVerification: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Behind a reverse proxy: the client's address is the last one the proxy added to X-Forwarded-For. */
  trustProxy: boolean;
  /** Multiplies every rate limit (1 in production). */
  rateLimitScale: number;
  /** The first retry pause of an outbox row: a mail, and any kind without its own backoff (decision 037). */
  outboxRetryMs: number;
  /** How long a claimed outbox row is its instance's (OUTBOX_LEASE_MS). */
  outboxLeaseMs: number;
  /**
   * Where media bytes live: in PostgreSQL (reachable from every instance; the default with DATABASE_URL)
   * or as files under DATA_DIR/media (the default on the embedded database). Decision 017.
   */
  mediaStorage: 'database' | 'files';
  /** The contract PDF's time limit in its worker thread (PDF_TIMEOUT_MS; decision 038). */
  pdfTimeoutMs: number;
  /** Secrets given by the environment (AUTH_SECRET); the others come from DATA_DIR/secrets.json. */
  secrets: Partial<Secrets>;
  push: {
    /** VAPID subject: PUSH_SUBJECT, else mailto: the address MAIL_FROM sends from. */
    subject: string;
    /** VAPID_PUBLIC_KEY when given: it must be the public half of the private key in use. */
    publicKey: string | null;
    /** Push endpoints on http://127.0.0.1 are accepted (tests and a local push service only). */
    allowHttpLoopback: boolean;
  };
}

/** "Pact <no-reply@pact.example.com>" -> "mailto:no-reply@pact.example.com". */
export function mailtoOf(mailFrom: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

export class ConfigError extends Error {}

/** Reads and checks the environment; throws a ConfigError that names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "unset", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    appUrl,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    outboxRetryMs: e.OUTBOX_RETRY_MS,
    outboxLeaseMs: e.OUTBOX_LEASE_MS,
    mediaStorage: e.MEDIA_STORAGE ?? (e.DATABASE_URL ? 'database' : 'files'),
    pdfTimeoutMs: e.PDF_TIMEOUT_MS,
    secrets: secretsFromEnv(e),
    push: {
      subject: e.PUSH_SUBJECT ?? mailtoOf(e.MAIL_FROM),
      publicKey: e.VAPID_PUBLIC_KEY ?? null,
      allowHttpLoopback: e.PUSH_ALLOW_HTTP_LOOPBACK,
    },
  };
}
