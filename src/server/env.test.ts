import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('starts on a fresh machine with no variables at all', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      appUrl: 'http://localhost:3000',
      smtpUrl: null,
      mailFrom: 'Pact <no-reply@pact.local>',
      requireEmailVerification: true,
      logLevel: 'info',
      trustProxy: false,
      rateLimitScale: 1,
      outboxRetryMs: 30_000,
      outboxLeaseMs: 900_000,
      mediaStorage: 'files',
      pdfTimeoutMs: 20_000,
      secrets: {},
      push: { subject: 'mailto:no-reply@pact.local', publicKey: null, allowHttpLoopback: false },
    });
  });

  it('takes the push subject from PUSH_SUBJECT or the mail sender, and checks the VAPID keys given', () => {
    expect(loadConfig({ MAIL_FROM: 'Pact <hello@pact.example.com>' }).push.subject).toBe(
      'mailto:hello@pact.example.com',
    );
    expect(loadConfig({ PUSH_SUBJECT: 'mailto:ops@pact.example.com' }).push.subject).toBe(
      'mailto:ops@pact.example.com',
    );
    expect(configError({ PUSH_SUBJECT: 'ops@pact.example.com' }).message).toContain(
      'PUSH_SUBJECT: must be a mailto: address',
    );
    expect(configError({ VAPID_PRIVATE_KEY: 'short' }).message).toContain(
      'VAPID_PRIVATE_KEY: must be a P-256 private key',
    );
    expect(configError({ VAPID_PUBLIC_KEY: 'x'.repeat(87) }).message).toContain(
      'VAPID_PUBLIC_KEY: must be a P-256 public key',
    );
    expect(configError({ PUSH_ALLOW_HTTP_LOOPBACK: 'maybe' }).message).toContain('PUSH_ALLOW_HTTP_LOOPBACK');
  });

  it('takes AUTH_SECRET from the environment when it is long enough, and names it when it is not', () => {
    const secret = 'k'.repeat(32);
    expect(loadConfig({ AUTH_SECRET: secret }).secrets).toEqual({ authSecret: secret });
    expect(loadConfig({ AUTH_SECRET: '' }).secrets).toEqual({});
    const error = configError({ AUTH_SECRET: 'k'.repeat(31) });
    expect(error.message).toContain('AUTH_SECRET: must be at least 32 characters');
    // The message never repeats the value it refused.
    expect(error.message).not.toContain('k'.repeat(31));
  });

  it('keeps media in the database on a PostgreSQL server and in files on the embedded one, unless told', () => {
    const url = 'postgres://pact@db:5432/pact';
    expect(loadConfig({}).mediaStorage).toBe('files');
    expect(loadConfig({ DATABASE_URL: url }).mediaStorage).toBe('database');
    expect(loadConfig({ DATABASE_URL: url, MEDIA_STORAGE: 'files' }).mediaStorage).toBe('files');
    expect(loadConfig({ MEDIA_STORAGE: 'database' }).mediaStorage).toBe('database');
    expect(configError({ MEDIA_STORAGE: 's3' }).message).toContain(
      'MEDIA_STORAGE: must be database or files',
    );
  });

  it('refuses a rate-limit scale that is not a positive number, naming the variable', () => {
    for (const value of ['0', '-1', 'lots']) {
      expect(() => loadConfig({ RATE_LIMIT_SCALE: value })).toThrow(/RATE_LIMIT_SCALE/);
    }
    expect(loadConfig({ RATE_LIMIT_SCALE: '1000', TRUST_PROXY: 'true' })).toMatchObject({
      rateLimitScale: 1000,
      trustProxy: true,
    });
  });

  it('refuses an outbox retry pause that is not a whole number of milliseconds from 100 to an hour', () => {
    for (const value of ['0', '99', '-5', '1.5', 'soon', '3600001']) {
      expect(() => loadConfig({ OUTBOX_RETRY_MS: value })).toThrow(/OUTBOX_RETRY_MS/);
    }
    expect(loadConfig({ OUTBOX_RETRY_MS: '500' }).outboxRetryMs).toBe(500);
  });

  it('refuses an outbox lease that is not a whole number of milliseconds from a second to a day', () => {
    for (const value of ['0', '999', '-5', '1500.5', 'long', '86400001']) {
      expect(() => loadConfig({ OUTBOX_LEASE_MS: value })).toThrow(/OUTBOX_LEASE_MS/);
    }
    expect(loadConfig({}).outboxLeaseMs).toBe(15 * 60 * 1000);
    expect(loadConfig({ OUTBOX_LEASE_MS: '4000' }).outboxLeaseMs).toBe(4000);
  });

  it('resolves DATA_DIR to an absolute path', () => {
    expect(loadConfig({ DATA_DIR: 'some/where' }).dataDir).toBe(path.resolve('some/where'));
    expect(path.isAbsolute(loadConfig({}).dataDir)).toBe(true);
  });

  it('derives the default APP_URL from PORT', () => {
    const config = loadConfig({ PORT: '8080' });
    expect(config.port).toBe(8080);
    expect(config.appUrl).toBe('http://localhost:8080');
  });

  it('keeps an explicit APP_URL, without a trailing slash', () => {
    expect(loadConfig({ APP_URL: 'https://pact.example.com/' }).appUrl).toBe('https://pact.example.com');
  });

  it.each([
    ['false', false],
    ['0', false],
    ['no', false],
    ['true', true],
    ['1', true],
    ['yes', true],
  ])('reads REQUIRE_EMAIL_VERIFICATION=%s as %s', (value, expected) => {
    expect(loadConfig({ REQUIRE_EMAIL_VERIFICATION: value }).requireEmailVerification).toBe(expected);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', REQUIRE_EMAIL_VERIFICATION: '' });
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, requireEmailVerification: true });
  });

  it('accepts postgres URLs and SMTP URLs', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://pact:secret@db:5432/pact',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
    });
    expect(config.databaseUrl).toBe('postgresql://pact:secret@db:5432/pact');
    expect(config.smtpUrl).toBe('smtps://user:pass@mail.example.com:465');
  });

  it.each([
    ['PORT', 'abc', 'must be a port number'],
    ['PORT', '70000', 'must be between 0 and 65535'],
    ['PORT', '-1', 'must be between 0 and 65535'],
    ['PORT', '3000.5', 'must be a whole number'],
    ['DATABASE_URL', 'mysql://db/pact', 'must be a postgres:// or postgresql:// connection string'],
    ['DATABASE_URL', '/var/lib/db', 'must be a postgres:// or postgresql:// connection string'],
    ['APP_URL', 'not a url', 'must be an http(s) URL'],
    ['APP_URL', 'ftp://pact.example.com', 'must be an http(s) URL'],
    ['SMTP_URL', 'http://mail.example.com', 'must be an smtp:// or smtps:// URL'],
    ['SMTP_URL', 'mail.example.com:25', 'must be an smtp:// or smtps:// URL'],
    ['REQUIRE_EMAIL_VERIFICATION', 'maybe', 'must be true or false'],
    ['LOG_LEVEL', 'loud', ''],
  ])('refuses %s=%j with a ConfigError naming it', (name, value, hint) => {
    const error = configError({ [name]: value });
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).toContain(`${name}: ${hint}`);
  });

  it('names every bad variable at once', () => {
    const error = configError({ PORT: 'x', APP_URL: 'nope', SMTP_URL: 'nope' });
    for (const name of ['PORT', 'APP_URL', 'SMTP_URL']) expect(error.message).toContain(`  ${name}: `);
    expect(error.message).not.toContain('DATABASE_URL');
  });
});
