import type { IdentityKeys } from './keys';

/**
 * This device's unwrapped identity key (decision 100), kept in IndexedDB as a non-extractable CryptoKey:
 * a page of Pact can use it to open what is sealed for its owner, but no script can read its bytes, and it
 * is forgotten at logout. One entry per account that unlocked encryption on this device.
 */
const DB = 'pact-keys';
const STORE = 'identity';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

interface Stored {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicRaw: string;
}

/** Keeps `keys` as `userId`'s on this device. */
export async function saveDeviceIdentity(userId: string, keys: IdentityKeys): Promise<void> {
  const stored: Stored = {
    privateKey: keys.privateKey,
    publicKey: keys.publicKey,
    publicRaw: keys.publicRaw,
  };
  await run('readwrite', (store) => store.put(stored, userId));
}

/** `userId`'s identity on this device, or null (never unlocked here, forgotten, or no IndexedDB). */
export async function loadDeviceIdentity(userId: string): Promise<IdentityKeys | null> {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const stored = (await run('readonly', (store) => store.get(userId))) as Stored | undefined;
    return stored
      ? { privateKey: stored.privateKey, publicKey: stored.publicKey, publicRaw: stored.publicRaw }
      : null;
  } catch {
    return null;
  }
}

/** Forgets every identity kept on this device (logout). */
export async function forgetDeviceIdentities(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await run('readwrite', (store) => store.clear()).catch(() => undefined);
}
