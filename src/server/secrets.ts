import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const secretsSchema = z.object({ authSecret: z.string().min(32) });
export type Secrets = z.infer<typeof secretsSchema>;

/**
 * Secrets are generated on first start and kept in DATA_DIR/secrets.json (mode 0600), so that no
 * secret is ever committed or shared between installations. Missing keys are added, never replaced.
 */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let existing: Record<string, unknown> = {};
  try {
    existing = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`Cannot read ${file}: ${(error as Error).message}`);
    }
  }
  const merged = { authSecret: randomBytes(32).toString('base64url'), ...existing };
  const secrets = secretsSchema.parse(merged);
  if (JSON.stringify(merged) !== JSON.stringify(existing)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
