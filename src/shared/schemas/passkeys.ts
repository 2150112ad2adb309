import { z } from 'zod';
import { PASSKEY_NAME_MAX, PASSKEY_TEXT } from '../texts/passkeys';

/** base64url, as WebAuthn's JSON carries every binary field; `max` in characters. */
const b64url = (max: number) =>
  z
    .string({ error: PASSKEY_TEXT.responseRequired })
    .min(1, PASSKEY_TEXT.responseRequired)
    .max(max, PASSKEY_TEXT.notVerified)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PASSKEY_TEXT.notVerified);

const credentialBase = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key', { error: PASSKEY_TEXT.notVerified }),
  // Pact asks for no extension: whatever a browser reports is dropped.
  clientExtensionResults: z.object({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What navigator.credentials.create() answered, as JSON (@simplewebauthn/browser's RegistrationResponseJSON). */
export const registrationResponse = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: b64url(4096),
        attestationObject: b64url(32_768),
        transports: z.array(z.string().max(32)).max(10).optional(),
      },
      { error: PASSKEY_TEXT.responseRequired },
    ),
  },
  { error: PASSKEY_TEXT.responseRequired },
);

/** What navigator.credentials.get() answered, as JSON (AuthenticationResponseJSON). */
export const authenticationResponse = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: b64url(4096),
        authenticatorData: b64url(4096),
        signature: b64url(1024),
        userHandle: b64url(1024).optional(),
      },
      { error: PASSKEY_TEXT.responseRequired },
    ),
  },
  { error: PASSKEY_TEXT.responseRequired },
);

/** A passkey's name: trimmed, 1 to 60 characters, no control characters. */
export const passkeyName = z
  .string({ error: PASSKEY_TEXT.nameRequired })
  .max(PASSKEY_NAME_MAX * 4, PASSKEY_TEXT.nameTooLong)
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, PASSKEY_TEXT.nameRequired)
  .refine((s) => s.length <= PASSKEY_NAME_MAX, PASSKEY_TEXT.nameTooLong)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'Name must not contain control characters');

export const addPasskeyInput = z.object({ response: registrationResponse, name: passkeyName.optional() });
export const renamePasskeyInput = z.object({ name: passkeyName });
export const passkeyAssertionInput = z.object({ response: authenticationResponse });

/** One passkey of the signed-in user. Times are epoch milliseconds. */
export interface PasskeyView {
  id: string;
  name: string | null;
  createdAt: number;
  lastUsedAt: number | null;
  /** Synced between devices (a password manager, iCloud Keychain), as its authenticator said. */
  backedUp: boolean;
}
