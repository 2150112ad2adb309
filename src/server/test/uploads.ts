import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ProofKeep } from '@/shared/texts/media';
import { mediaBlobs } from '../db/schema';
import type { TestClient } from './client';
import { expectBody } from './responses';
import { jpeg, oggOpus } from './samples';
import type { TestServer } from './server';

/** The files under DATA_DIR/media, as storage keys ("ab/<uuid>.jpg"). */
export function mediaFiles(server: TestServer): string[] {
  const root = path.join(server.services.config.dataDir, 'media');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The keys of the media bytes in the server's store: rows of media_blobs (MEDIA_STORAGE=database, the
 * default on PostgreSQL) or files under DATA_DIR/media.
 */
export async function storedMedia(server: TestServer): Promise<string[]> {
  if (server.services.config.mediaStorage === 'files') return mediaFiles(server);
  const rows = await server.database.db.select({ key: mediaBlobs.key }).from(mediaBlobs);
  return rows.map((row) => row.key);
}

/** Rows in every table and the media in the store: what a refused upload must leave as it was. */
export async function storedCounts(server: TestServer) {
  return { ...(await server.rowCounts()), storedMedia: (await storedMedia(server)).length };
}

/** The raw body of an upload, with the type the client declares for it. */
const rawBody = (body: Uint8Array, contentType: string) => ({
  init: { headers: { 'content-type': contentType }, body: new Uint8Array(body) },
});

/** POST /api/media/photo with a raw body. */
export function postPhoto(
  client: TestClient,
  partnerId: string,
  body: Uint8Array,
  contentType = 'image/jpeg',
  keep?: ProofKeep,
) {
  return client.api.media.photo.$post({ query: { partnerId, keep } }, rawBody(body, contentType));
}

/** POST /api/media/audio with a raw body and the recorder's stated length. */
export function postAudio(
  client: TestClient,
  partnerId: string,
  body: Uint8Array,
  durationMs = 2_000,
  contentType = 'audio/ogg',
  keep?: ProofKeep,
) {
  return client.api.media.audio.$post(
    { query: { partnerId, durationMs: String(durationMs), keep } },
    rawBody(body, contentType),
  );
}

/** Uploads a photo (a small JPEG unless given) for the pair with `partnerId`; returns its id. */
export async function uploadPhoto(client: TestClient, partnerId: string, buffer?: Buffer, keep?: ProofKeep) {
  const response = await postPhoto(client, partnerId, buffer ?? (await jpeg()), 'image/jpeg', keep);
  return (await expectBody(response, 201)).media.id;
}

/** Uploads a voice note (a 2-second Ogg Opus file) for the pair with `partnerId`; returns its id. */
export async function uploadAudio(
  client: TestClient,
  partnerId: string,
  buffer = oggOpus(2),
  keep?: ProofKeep,
) {
  const response = await postAudio(client, partnerId, buffer, 2_000, 'audio/ogg', keep);
  return (await expectBody(response, 201)).media.id;
}
