import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, openTestDatabase, type TestDatabase } from '../test/database';
import { AUDIO_MAX_BYTES } from './process';
import { createDatabaseStorage, createFileStorage, type MediaStorage } from './storage';

/** The stores under test: files on disk, and rows of media_blobs on every database the suite runs on. */
const stores: [string, () => Promise<{ storage: MediaStorage; dispose(): Promise<void> }>][] = [
  [
    'files',
    async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'pact-media-'));
      return {
        storage: createFileStorage(root),
        dispose: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  ...databases().map(
    (kind) =>
      [
        `the database on ${kind}`,
        async () => {
          const test: TestDatabase = await openTestDatabase(kind);
          return { storage: createDatabaseStorage(test.database.db), dispose: test.dispose };
        },
      ] as (typeof stores)[number],
  ),
];

describe.each(stores)('media storage in %s', (_name, open) => {
  let storage: MediaStorage;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, dispose } = await open());
  });
  afterAll(async () => {
    await dispose?.();
  });

  it('gives back exactly the bytes it was given, every byte value included, under a new key each time', async () => {
    const data = Buffer.concat([Buffer.from([0, 1, 0xff, 0x5c, 0x27, 0]), randomBytes(512 * 1024)]);
    const [first, second] = await Promise.all([storage.put(data, 'jpg'), storage.put(data, 'jpg')]);
    expect(first).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.jpg$/);
    expect(second).not.toBe(first);
    const read = await storage.get(first);
    expect(Buffer.isBuffer(read)).toBe(true);
    expect(read?.equals(data)).toBe(true);
  });

  it('holds a voice note of the largest size accepted', async () => {
    const data = randomBytes(AUDIO_MAX_BYTES);
    const key = await storage.put(data, 'webm');
    expect((await storage.get(key))?.equals(data)).toBe(true);
    await storage.delete(key);
  });

  it('deletes: the key then holds nothing, and deleting it again is not an error', async () => {
    const key = await storage.put(Buffer.from('voice'), 'ogg');
    const kept = await storage.put(Buffer.from('kept'), 'ogg');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    expect((await storage.get(kept))?.toString()).toBe('kept');
  });

  it('answers null for a key it never stored, and refuses a key it could not have made', async () => {
    expect(await storage.get('ab/abababab-abab-abab-abab-abababababab.jpg')).toBeNull();
    for (const key of ['../secrets.json', 'ab/../../secrets.json', '', 'AB/X.jpg']) {
      await expect(storage.get(key)).rejects.toThrow('invalid media key');
      await expect(storage.delete(key)).rejects.toThrow('invalid media key');
    }
  });
});
