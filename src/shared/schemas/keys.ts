import { z } from 'zod';
import { KEYS_TEXT } from '../texts/keys';
import { uuidField } from './common';

export * from '../texts/keys';

/** Base64url without padding, of exactly `bytes` bytes (or at most, with `max`). */
const base64url = (length: { bytes?: number; maxBytes?: number }, message: string) => {
  const chars = (n: number) => Math.ceil((n * 4) / 3);
  const pattern = length.bytes
    ? new RegExp(`^[A-Za-z0-9_-]{${chars(length.bytes)}}$`)
    : new RegExp(`^[A-Za-z0-9_-]{1,${chars(length.maxBytes ?? 1)}}$`);
  return z.string({ error: message }).regex(pattern, { error: message });
};

/** A P-256 public key, uncompressed (0x04, x, y): 65 bytes, so 87 base64url characters starting with B. */
export const publicKeyField = z
  .string({ error: KEYS_TEXT.publicKeyRule })
  .regex(/^B[A-Za-z0-9_-]{86}$/, { error: KEYS_TEXT.publicKeyRule });

const sealed = {
  v: z.literal(1, { error: KEYS_TEXT.wrapRule }),
  salt: base64url({ bytes: 16 }, KEYS_TEXT.wrapRule),
  iv: base64url({ bytes: 12 }, KEYS_TEXT.wrapRule),
  // A P-256 private key as PKCS#8 is 138 bytes (150 with parameters), and the tag 16.
  ct: base64url({ maxBytes: 512 }, KEYS_TEXT.wrapRule),
};

/** The private key wrapped by the password (Argon2id's cost within what a phone can pay). */
export const passwordWrapField = z.strictObject(
  {
    ...sealed,
    kdf: z.literal('argon2id', { error: KEYS_TEXT.passwordWrapRule }),
    m: z.int({ error: KEYS_TEXT.wrapRule }).min(19_456).max(262_144),
    t: z.int({ error: KEYS_TEXT.wrapRule }).min(1).max(10),
    p: z.int({ error: KEYS_TEXT.wrapRule }).min(1).max(4),
  },
  { error: KEYS_TEXT.wrapRule },
);

/** The private key wrapped by the recovery key. */
export const recoveryWrapField = z.strictObject(
  { ...sealed, kdf: z.literal('recovery', { error: KEYS_TEXT.recoveryWrapRule }) },
  { error: KEYS_TEXT.wrapRule },
);

const passwordField = z
  .string({ error: KEYS_TEXT.passwordRequired })
  .min(1, { error: KEYS_TEXT.passwordRequired })
  .max(1024);

/**
 * PUT /api/keys: the first key pair of the account, or (`replace`) a new one after the old cannot be opened
 * any more (a reset without the recovery key). Both ask for the account's password: the key is wrapped by
 * it, and a wrap by a mistyped password would open nothing later.
 */
export const setUpKeysInput = z.strictObject({
  publicKey: publicKeyField,
  passwordWrap: passwordWrapField,
  recoveryWrap: recoveryWrapField,
  replace: z.boolean().optional(),
  password: passwordField,
});
export type SetUpKeysInput = z.infer<typeof setUpKeysInput>;

/** PUT /api/keys/password: the same private key wrapped again, by a new password (the current one checked). */
export const rewrapInput = z.strictObject({
  password: z
    .string({ error: KEYS_TEXT.passwordRequired })
    .min(1, { error: KEYS_TEXT.passwordRequired })
    .max(1024),
  passwordWrap: passwordWrapField,
});

export const keyIdField = z
  .int({ error: KEYS_TEXT.keyIdRule })
  .min(1, { error: KEYS_TEXT.keyIdRule })
  .max(2_147_483_647);

/** POST /api/keys/pairs/:id/wraps: pair keys wrapped by the sender, for themself or their partner. */
export const pairWrapsInput = z.strictObject({
  wraps: z
    .array(
      z.strictObject({
        keyId: keyIdField,
        to: uuidField(KEYS_TEXT.recipientRule),
        /** The recipient's public key the wrap was made to (refused if it is no longer theirs). */
        toPublicKey: publicKeyField,
        iv: base64url({ bytes: 12 }, KEYS_TEXT.wrapRule),
        // 32 bytes of key and 16 of tag.
        ct: base64url({ bytes: 48 }, KEYS_TEXT.wrapRule),
      }),
      { error: KEYS_TEXT.wrapsRule },
    )
    .min(1, { error: KEYS_TEXT.wrapsRule })
    .max(8, { error: KEYS_TEXT.wrapsRule }),
});
export type PairWrapsInput = z.infer<typeof pairWrapsInput>;

export type WrapView = z.infer<typeof passwordWrapField> | z.infer<typeof recoveryWrapField>;

/** GET /api/keys: the account's own key, as only its owner reads it. */
export interface MyKeysView {
  keys: {
    publicKey: string;
    passwordWrap: z.infer<typeof passwordWrapField>;
    recoveryWrap: z.infer<typeof recoveryWrapField>;
    generation: number;
    updatedAt: number;
  } | null;
}

/** GET /api/keys/pairs/:id: the partner's public key, and the pair's keys wrapped for the reader. */
export interface PairKeysView {
  pairId: string;
  partner: { id: string; publicKey: string | null; generation: number | null; updatedAt: number | null };
  /** The reader's own public key as the server has it (null before set-up). */
  mine: { publicKey: string | null; generation: number | null };
  /** Each pair key wrapped for the reader, newest key first. */
  wraps: {
    keyId: number;
    from: string | null;
    fromPublicKey: string;
    iv: string;
    ct: string;
    createdAt: number;
  }[];
  /** The pair keys that exist, and whether the partner holds each one wrapped for their current key. */
  keys: { keyId: number; partnerHasIt: boolean }[];
}
