import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets, newVapidPrivateKey, vapidPublicKeyOf } from './secrets';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pact-secrets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

describe('loadOrCreateSecrets', () => {
  it('generates a strong secret once, into DATA_DIR/secrets.json readable only by the owner', () => {
    const dataDir = path.join(dir, 'data');
    const secrets = loadOrCreateSecrets(dataDir);
    const file = path.join(dataDir, 'secrets.json');
    expect(secrets.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      authSecret: secrets.authSecret,
      vapidPrivateKey: secrets.vapidPrivateKey,
    });
    expect(mode(file)).toBe(0o600);
    expect(mode(dataDir)).toBe(0o700);
  });

  it('reads the same value back on the next start and leaves the file as it is', () => {
    const first = loadOrCreateSecrets(dir);
    const file = path.join(dir, 'secrets.json');
    const before = readFileSync(file, 'utf8');
    const second = loadOrCreateSecrets(dir);
    expect(second.authSecret).toBe(first.authSecret);
    expect(second.vapidPrivateKey).toBe(first.vapidPrivateKey);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('gives each installation its own secret', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'pact-secrets-'));
    try {
      expect(loadOrCreateSecrets(other).authSecret).not.toBe(loadOrCreateSecrets(dir).authSecret);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('never replaces an existing secret, and adds the ones an older installation lacks', () => {
    const existing = 'x'.repeat(40);
    const file = path.join(dir, 'secrets.json');
    writeFileSync(file, JSON.stringify({ authSecret: existing, other: 1 }));
    const secrets = loadOrCreateSecrets(dir);
    expect(secrets.authSecret).toBe(existing);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      authSecret: existing,
      other: 1,
      vapidPrivateKey: secrets.vapidPrivateKey,
    });
  });

  it('generates a VAPID key pair: a P-256 private key whose public key is a 65-byte point', () => {
    const { vapidPrivateKey } = loadOrCreateSecrets(dir);
    expect(Buffer.from(vapidPrivateKey, 'base64url')).toHaveLength(32);
    const publicKey = Buffer.from(vapidPublicKeyOf(vapidPrivateKey)!, 'base64url');
    expect(publicKey).toHaveLength(65);
    expect(publicKey[0]).toBe(4);
    writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ vapidPrivateKey: 'A'.repeat(43) }));
    // Zero is no private key.
    expect(() => loadOrCreateSecrets(dir)).toThrow(/valid P-256 private key/);
  });

  it('refuses to start on an unreadable file rather than silently replacing the secret', () => {
    const file = path.join(dir, 'secrets.json');
    writeFileSync(file, '{ not json');
    expect(() => loadOrCreateSecrets(dir)).toThrow(/Cannot read .*secrets\.json/);
    expect(readFileSync(file, 'utf8')).toBe('{ not json');
  });

  it('refuses a secret that is too short', () => {
    writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ authSecret: 'short' }));
    expect(() => loadOrCreateSecrets(dir)).toThrow();
  });

  it('uses a secret given by the environment instead of the file, and neither reads nor writes the file', () => {
    const given = 'e'.repeat(40);
    const dataDir = path.join(dir, 'fresh');
    const vapidPrivateKey = newVapidPrivateKey();
    expect(loadOrCreateSecrets(dataDir, { authSecret: given, vapidPrivateKey })).toEqual({
      authSecret: given,
      vapidPrivateKey,
    });
    expect(existsSync(dataDir)).toBe(false);

    // An installation that kept its secret in the file: the environment's wins, the file stays as it was.
    const file = path.join(dir, 'secrets.json');
    writeFileSync(file, '{ not json');
    expect(loadOrCreateSecrets(dir, { authSecret: given, vapidPrivateKey }).authSecret).toBe(given);
    expect(readFileSync(file, 'utf8')).toBe('{ not json');
  });
});
