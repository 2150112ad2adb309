import { entropyToMnemonic, mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { E2eeError } from './primitives';

/**
 * The recovery key (decision 100): 32 random bytes shown once at set-up as 24 English words (BIP-39, whose
 * last word carries a checksum, so a mistyped word is caught before any key is tried).
 */
export const newRecoveryEntropy = () => globalThis.crypto.getRandomValues(new Uint8Array(32));

/** The 24 words of `entropy`. */
export const recoveryWords = (entropy: Uint8Array): string[] =>
  entropyToMnemonic(entropy, wordlist).split(' ');

/**
 * The 32 bytes of words a person typed back: any case, any spacing or line breaks, numbers before words
 * ("1. abandon") ignored. A wrong word or order is `E2eeError('malformed')`.
 */
export function entropyFromWords(typed: string): Uint8Array<ArrayBuffer> {
  const words = typed
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length !== 24) throw new E2eeError('malformed');
  try {
    return new Uint8Array(mnemonicToEntropy(words.join(' '), wordlist));
  } catch {
    throw new E2eeError('malformed');
  }
}
