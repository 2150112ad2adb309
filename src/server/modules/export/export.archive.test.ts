import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { createFileStorage, type MediaStorage } from '../../media/storage';
import { readZip } from '../../test/zip';
import { exportArchive } from './export.archive';

const FILE_BYTES = 256 * 1024;
const FILES = 12;

describe('the export archive', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pact-export-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Lets the server's side run: a few real file system round trips, not a clock. */
  const letTheServerRun = async () => {
    for (let i = 0; i < 20; i++) await stat(root);
  };

  it('reads file N+2 from storage only once the client has read file N: it waits for a slow reader', async () => {
    const files = createFileStorage(root);
    const stored = await Promise.all(
      Array.from({ length: FILES }, async (_, i) => {
        const bytes = randomBytes(FILE_BYTES);
        return { name: `media/${i}.jpg`, storageKey: await files.put(bytes, 'jpg'), bytes };
      }),
    );
    let reads = 0;
    const storage: MediaStorage = {
      ...files,
      get: (key) => {
        reads++;
        return files.get(key);
      },
    };
    const out = exportArchive({ storage, log: createLogger('silent') }, 'user-id', {
      json: [{ name: 'account.json', data: { name: 'Alex' } }],
      files: stored.map(({ name, storageKey }) => ({ name, storageKey })),
    });

    // The client has read nothing yet.
    await letTheServerRun();
    expect(reads).toBeLessThanOrEqual(2);

    // It reads one small chunk at a time; at every step, no more than two files past what it received.
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of out) {
      chunks.push(chunk as Buffer);
      received += (chunk as Buffer).length;
      await letTheServerRun();
      const clientHas = Math.floor(received / FILE_BYTES);
      expect(reads, `after ${received} bytes`).toBeLessThanOrEqual(clientHas + 2);
    }
    expect(reads).toBe(FILES);
    const zip = await readZip(Buffer.concat(chunks));
    for (const { name, bytes } of stored) expect(zip.get(name)?.equals(bytes)).toBe(true);
    expect(JSON.parse(zip.get('account.json')!.toString())).toEqual({ name: 'Alex' });
  });

  it('fails the download, never ends it as if whole, when a page of rows cannot be read', async () => {
    const out = exportArchive({ storage: createFileStorage(root), log: createLogger('silent') }, 'user-id', {
      json: [
        {
          name: 'journal-messages.json',
          pages: async function* () {
            yield [{ id: 1 }, { id: 2 }];
            throw new Error('the database went away');
          },
        },
      ],
      files: [],
    });
    const read = async () => {
      for await (const _chunk of out) {
        // The client reads on.
      }
    };
    await expect(read()).rejects.toThrow();
  });
});
