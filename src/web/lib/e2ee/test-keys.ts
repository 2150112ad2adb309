import { expect } from 'vitest';
import { identityFrom } from './keys';
import { E2eeError, fromBase64 } from './primitives';

/** What the tests of end-to-end encryption share: fixed identities, byte helpers, vectors (decision 100). */

/** Two fixed identities (P-256 private keys, PKCS#8), for vectors that must not move. */
export const ALICE = {
  id: '0b8f2c1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  pkcs8:
    'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgDBeGMWcwFdCZozDwPkaHNQFwbX8ER6yptfCJBL6fQ7ahRANCAASZbpfMx1zsidKwDE1HG9kYl7bB9zxqRKSXlxgY9aJjrt6z8EsYvZbXz_q9M3hMBEPj7XHkm3HUb3ugFxm8Z7m-',
};
export const BOB = {
  id: '7d6c5b4a-3f2e-4d1c-9b0a-f9e8d7c6b5a4',
  pkcs8:
    'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg2id1kjcid32NHUsFJQyeCaV1qmYWaKRgkyDLt_-v_oqhRANCAAT7qIcxp1uwJerAaEaQh40MbU0t2fOtNINdqE9khcVa3O_0eKDtBLhj2j0hK-potZ9Z5CjQylunkyjkxnt9ZfMC',
};
export const CAROL = {
  id: 'c0c0c0c0-0000-4000-8000-000000000003',
  pkcs8:
    'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgLqs3G-67Ou6XDsq6VW7dhMmURnqOrliO0s3gYmPO2gChRANCAAQRuK13KITsv09SU7P1Rtz1BDHVKBToB8PbYUkbiM84nFPNgjJajQcVn5I24HoZtjfQ3foXfoRs5zBrlTlW2Uw4',
};
export const PAIR = '5a5a5a5a-1111-4222-8333-444455556666';
export const bytes = (length: number, value: number) => new Uint8Array(length).fill(value);
export const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

export const identity = (who: { pkcs8: string }) => identityFrom(fromBase64(who.pkcs8));
/** Argon2id at a cost that keeps these tests light (the real cost is checked once, by its vector). */
export const CHEAP = { memoryKiB: 1024, iterations: 1, parallelism: 1 };

export async function rejects(promise: Promise<unknown>, reason: 'wrong-key' | 'malformed') {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(E2eeError);
  expect((error as E2eeError).reason).toBe(reason);
}

/** Outputs for fixed inputs: a change to the formats or the derivations shows here. */
export const VECTORS = {
  passwordKek: '1096810449d933301800a640fd5cade6dfa0a9d07987e909a9fde0235baa5309',
  pairWrap: 'kqT0_Z0KVmW6WdJQLzANMw6GatN8-boWCg_L7kDjybZ2c9mvjBdOFv42WPgLsAGA',
  sealedText: 'pe1.UEUxAAAAAQEBAQEBAQEBAQEBAUXM2mv739HdekaJvrOCFzfT5xhR1A',
  safetyCode: '93172 14378 36055 89858 82185 38719 57307 38918 89213 85075 39388 77657',
};
