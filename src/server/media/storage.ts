import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, notExists } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media, mediaBlobs } from '../db/schema';

/** Where private files live. Keys are opaque; nothing here is ever served without a check. */
export interface MediaStorage {
  put(data: Buffer, extension: string): Promise<string>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

/** One key format for every store, so that files can move from one to another under the same key. */
function newKey(extension: string) {
  const id = randomUUID();
  return checkKey(`${id.slice(0, 2)}/${id}.${extension}`);
}

function checkKey(key: string) {
  if (!KEY_PATTERN.test(key)) throw new Error('invalid media key');
  return key;
}

/** Files under `root` (DATA_DIR/media): one instance, or instances sharing that directory. */
export function createFileStorage(root: string): MediaStorage {
  const resolve = (key: string) => path.join(root, checkKey(key));
  return {
    async put(data, extension) {
      const key = newKey(extension);
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, data, { mode: 0o600 });
      return key;
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** Rows of `media_blobs`: every instance on the database reads what any of them stored (decision 017). */
export function createDatabaseStorage(db: Db): MediaStorage {
  return {
    async put(data, extension) {
      const key = newKey(extension);
      await db.insert(mediaBlobs).values({ key, data });
      return key;
    },
    async get(key) {
      const [row] = await db
        .select({ data: mediaBlobs.data })
        .from(mediaBlobs)
        .where(eq(mediaBlobs.key, checkKey(key)))
        .limit(1);
      return row?.data ?? null;
    },
    async delete(key) {
      await db.delete(mediaBlobs).where(eq(mediaBlobs.key, checkKey(key)));
    },
  };
}

/**
 * Moves the files under `root` that media rows point to into the database, one at a time: each file is
 * removed once its bytes are stored. Runs at start when media is kept in the database, so that an
 * installation that kept files (before decision 017, or with MEDIA_STORAGE=files) loses none. Files of
 * no media row are left where they are. Returns how many moved.
 */
export async function moveFilesToDatabase(db: Db, root: string) {
  const exists = await stat(root).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!exists) return 0;
  const files = createFileStorage(root);
  const stored = db
    .select({ key: mediaBlobs.key })
    .from(mediaBlobs)
    .where(eq(mediaBlobs.key, media.storageKey));
  const rows = await db.select({ key: media.storageKey }).from(media).where(notExists(stored));
  let moved = 0;
  for (const { key } of rows) {
    const data = await files.get(key);
    if (!data) continue;
    await db.insert(mediaBlobs).values({ key, data }).onConflictDoNothing();
    await files.delete(key);
    moved += 1;
  }
  return moved;
}
