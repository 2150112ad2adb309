import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software authenticator for the API tests: a P-256 key made with node:crypto, a 'none' attestation and
 * assertions in WebAuthn's JSON form, so that registration and sign-in run for real against
 * @simplewebauthn/server's checks. It can be told to lie (a wrong signature, no user verification).
 */

// --- A CBOR encoder for what an attestation holds: maps, byte and text strings, small integers. ---

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CeremonyOptions {
  /** The origin the browser would name in the client data (the app's, unless a test lies). */
  origin: string;
  /** Flag the user as verified (a PIN or biometrics): true unless told. */
  userVerified?: boolean;
  /** Sign with another key than the registered one. */
  forgeSignature?: boolean;
  /** Answer another challenge than the one asked. */
  challenge?: string;
}

interface RegistrationOptionsJSON {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface AuthenticationOptionsJSON {
  challenge: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;
  private userHandle = '';
  private rpId = '';

  constructor(private readonly rpIdDefault: string) {
    this.rpId = rpIdDefault;
  }

  get id() {
    return b64url(this.credentialId);
  }

  private authData(flags: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private coseKey() {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(), as @simplewebauthn/browser hands it to the server. */
  register(options: RegistrationOptionsJSON, opts: CeremonyOptions) {
    this.rpId = options.rp.id ?? this.rpIdDefault;
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const flags = UP | AT | (opts.userVerified === false ? 0 : UV);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData: this.authData(flags, attested) });
    const clientDataJSON = this.clientData(
      'webauthn.create',
      opts.challenge ?? options.challenge,
      opts.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get() with this passkey. */
  assert(options: AuthenticationOptionsJSON, opts: CeremonyOptions) {
    this.counter += 1;
    const flags = UP | (opts.userVerified === false ? 0 : UV);
    const authenticatorData = this.authData(flags);
    const clientDataJSON = this.clientData('webauthn.get', opts.challenge ?? options.challenge, opts.origin);
    const key: KeyObject = opts.forgeSignature
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
      : this.keys.privateKey;
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), key);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
