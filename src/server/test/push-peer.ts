import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushMessage } from '@/shared/schemas/push';

/** A browser's side of a subscription: the endpoint it was given, and the keys only it holds. */
export interface TestSubscription {
  endpoint: string;
  /** What the browser sends the server (PushSubscription.toJSON()). */
  keys: { p256dh: string; auth: string };
  /** The private half of p256dh, to decrypt with. */
  privateKey: Buffer;
}

export interface ReceivedPush {
  /** The subscription id (the endpoint's last path segment). */
  id: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  at: number;
  /** What the service answered it: a push answered 201 has arrived; one refused has not. */
  status: number;
}

/** How the push service answers one endpoint: a status, or never (a service that hangs). */
export type PeerAnswer = number | 'never';

export interface PushPeer {
  url: string;
  /** A new subscription at this service: an ECDH P-256 key pair and a 16-byte auth secret, as a browser makes. */
  subscription(): TestSubscription;
  /** Every push received so far. */
  received: ReceivedPush[];
  /** Pushes to one subscription. */
  pushesTo(sub: TestSubscription): ReceivedPush[];
  /** Resolves with the `n`-th push (1-based) to `sub` once it has arrived. */
  waitFor(sub: TestSubscription, n?: number, timeoutMs?: number): Promise<ReceivedPush>;
  /** Answers for this subscription's pushes, in order; after the list, 201. */
  answer(sub: TestSubscription, ...answers: PeerAnswer[]): void;
  /** Requests held unanswered right now ('never'). */
  hanging(): number;
  /** Drops the connections of the requests held unanswered, and answers every later push at once. */
  release(): void;
  close(): Promise<void>;
}

const idOf = (endpoint: string) => endpoint.split('/').at(-1) ?? '';

/**
 * A local push service over http on 127.0.0.1 (the server accepts it under PUSH_ALLOW_HTTP_LOOPBACK): it
 * records each push with its headers and encrypted body, and answers 201 unless told otherwise.
 */
export async function startPushPeer(): Promise<PushPeer> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, PeerAnswer[]>();
  const waiters = new Set<() => void>();
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = idOf(req.url ?? '');
      const answer = answers.get(id)?.shift() ?? 201;
      if (answer === 'never') {
        hanging.add(res);
        return;
      }
      received.push({
        id,
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: performance.now(),
        status: answer,
      });
      for (const wake of [...waiters]) wake();
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const pushesTo = (sub: TestSubscription) => received.filter((r) => r.id === idOf(sub.endpoint));

  return {
    url,
    received,
    pushesTo,
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        endpoint: `${url}/push/${randomUUID()}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
        privateKey: ecdh.getPrivateKey(),
      };
    },
    hanging: () => hanging.size,
    release() {
      for (const res of hanging) res.socket?.destroy();
      hanging.clear();
      answers.clear();
    },
    answer(sub, ...list) {
      answers.set(idOf(sub.endpoint), list);
    },
    waitFor(sub, n = 1, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const push = pushesTo(sub)[n - 1];
          if (!push) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(push);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`push ${n} to ${sub.endpoint} did not arrive within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const res of hanging) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * RFC 8291 (Message Encryption for Web Push) with RFC 8188 aes128gcm, from the user agent's side: the
 * header (salt, record size, the sender's public key), the shared ECDH secret, the two HKDF steps, one
 * AES-128-GCM record, and the padding delimiter 0x02 of the last record.
 */
export function decryptPush(sub: TestSubscription, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error('more than one record');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(sub.privateKey);
  const receiverPublic = ecdh.getPublicKey();
  const sharedSecret = ecdh.computeSecret(senderPublic);
  const authSecret = Buffer.from(sub.keys.auth, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hkdf(authSecret, sharedSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** The push's JSON payload, decrypted with the subscription's private key. */
export const pushMessageOf = (sub: TestSubscription, push: ReceivedPush): PushMessage =>
  JSON.parse(decryptPush(sub, push.body));

/**
 * The VAPID claim of a push (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`; the ES256
 * signature is checked with k. Answers the claims, or throws.
 */
export function verifyVapid(authorization: string | undefined): {
  aud: string;
  sub: string;
  exp: number;
  k: string;
} {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, header, claims, signature, k] = match as unknown as [string, string, string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${claims}`);
  const ok = verify(
    'sha256',
    signed,
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  return { ...JSON.parse(Buffer.from(claims, 'base64url').toString()), k };
}
