import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The shortest secret Pact accepts, from the file or from the environment. */
export const SECRET_MIN_LENGTH = 32;

const secret = z
  .string()
  .min(SECRET_MIN_LENGTH, `must be at least ${SECRET_MIN_LENGTH} characters (e.g. openssl rand -base64 32)`);

/** A P-256 private key (32 bytes, base64url) that makes a valid key pair: the VAPID key of Web Push. */
const p256PrivateKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key: 32 bytes in base64url (43 characters)')
  .refine((key) => vapidPublicKeyOf(key) !== null, 'must be a valid P-256 private key');

/** The public key (65 bytes, uncompressed point, base64url) of a VAPID private key; null if it is none. */
export function vapidPublicKeyOf(privateKey: string): string | null {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return null;
  }
}

export function newVapidPrivateKey() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // A key with leading zero bytes comes back shorter: pad it to its 32 bytes.
  const key = ecdh.getPrivateKey();
  return Buffer.concat([Buffer.alloc(32 - key.length), key]).toString('base64url');
}

/** Every secret of an installation. A new one is added here and gets its variable by itself. */
const secretsSchema = z.object({
  authSecret: secret,
  /** The VAPID key that signs every push (VAPID_PRIVATE_KEY); its public half is derived. */
  vapidPrivateKey: p256PrivateKey,
});
/** How a missing secret is made on first start. */
const GENERATORS: Record<keyof z.infer<typeof secretsSchema>, () => string> = {
  authSecret: () => randomBytes(32).toString('base64url'),
  vapidPrivateKey: newVapidPrivateKey,
};
export type Secrets = z.infer<typeof secretsSchema>;
export type SecretName = keyof Secrets;

const SECRET_NAMES = Object.keys(secretsSchema.shape) as SecretName[];

/** The environment variable that may carry a secret: `authSecret` is `AUTH_SECRET`. */
export const secretVariable = (name: SecretName) => name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

/** For the environment's schema: each secret's variable, optional, with the secret's own rule. */
export const secretVariables = Object.fromEntries(
  SECRET_NAMES.map((name) => [secretVariable(name), secretsSchema.shape[name].optional()]),
) as Record<string, z.ZodOptional<z.ZodType<string>>>;

/** The secrets an (already checked) environment gives, by name. */
export function secretsFromEnv(env: Record<string, unknown>): Partial<Secrets> {
  const given: Partial<Secrets> = {};
  for (const name of SECRET_NAMES) {
    const value = env[secretVariable(name)];
    if (typeof value === 'string') given[name] = value;
  }
  return given;
}

/**
 * A secret given by the environment (`AUTH_SECRET`) is used as it is: several instances with their own
 * data directories then sign and check the same cookies. Any other is generated on first start and kept in
 * DATA_DIR/secrets.json (mode 0600), so that no secret is ever committed or shared between installations
 * by accident; missing keys are added, never replaced. When the environment gives every secret, the file
 * is neither read nor written.
 */
export function loadOrCreateSecrets(dataDir: string, given: Partial<Secrets> = {}): Secrets {
  const missing = SECRET_NAMES.filter((name) => given[name] === undefined);
  if (missing.length === 0) return secretsSchema.parse(given);
  const file = path.join(dataDir, 'secrets.json');
  let existing: Record<string, unknown> = {};
  try {
    existing = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`Cannot read ${file}: ${(error as Error).message}`);
    }
  }
  const generated = Object.fromEntries(missing.map((name) => [name, GENERATORS[name]()]));
  const merged = { ...generated, ...existing };
  const secrets = secretsSchema.parse({ ...merged, ...given });
  if (JSON.stringify(merged) !== JSON.stringify(existing)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
