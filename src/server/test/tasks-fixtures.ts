/**
 * Fixtures for the tasks and media API tests: couples with an active pair, task bodies, uploads, and
 * the sample files they upload (a JPEG carrying EXIF and GPS, an EXIF-rotated JPEG, a tiny Ogg Opus file).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Role, SessionRole } from '@/shared/domain/roles';
import type { NotificationView } from '@/shared/schemas/notifications';
import type { MediaView, PairView, TaskCompletionView, TaskView } from '@/shared/schemas/tasks';
import { media, taskCompletions, tasks } from '../db/schema';
import { actAs, connect, registrationBody, type TestClient, type TestServer, type TestUser } from './harness';

const HOUR = 3_600_000;

export interface MemberOptions {
  role?: Role;
  displayName?: string;
  /** The IANA zone sent at registration (the browser's); repeats keep their wall-clock time in it. */
  timeZone?: string;
  /** For a Switch: the role chosen for the session. */
  actAs?: SessionRole;
}

/**
 * Registers a user and returns them signed in. The server must run without e-mail verification: the
 * registration itself then signs in, with one password hash and no mail.
 */
export async function member(server: TestServer, opts: MemberOptions = {}): Promise<TestUser> {
  const overrides: Record<string, unknown> = { role: opts.role ?? 'submissive' };
  if (opts.displayName) overrides.displayName = opts.displayName;
  if (opts.timeZone) overrides.timeZone = opts.timeZone;
  const body = registrationBody(overrides);
  const client = server.client();
  const response = await client.post('/api/auth/register', body);
  const result = (await response.json()) as { status: string; user?: { id: string } };
  expect(response.status, JSON.stringify(result)).toBe(201);
  expect(result.status, 'start the server with requireEmailVerification: false').toBe('signed_in');
  if (opts.actAs) await actAs(client, opts.actAs);
  return {
    email: String(body.email).toLowerCase(),
    password: String(body.password),
    displayName: String(body.displayName),
    role: body.role as Role,
    id: result.user!.id,
    client,
  };
}

export interface Couple {
  dominant: TestUser;
  submissive: TestUser;
  pairId: string;
}

/** A dominant (in Europe/Berlin unless told) and a submissive, connected, with their active pair. */
export async function createCouple(
  server: TestServer,
  opts: { dominantTimeZone?: string; dominantName?: string; submissiveName?: string } = {},
): Promise<Couple> {
  const [dominant, submissive] = await Promise.all([
    member(server, {
      role: 'dominant',
      displayName: opts.dominantName ?? 'Dana Dom',
      timeZone: opts.dominantTimeZone ?? 'Europe/Berlin',
    }),
    member(server, { role: 'submissive', displayName: opts.submissiveName ?? 'Sam Sub' }),
  ]);
  await connect(dominant, submissive);
  const pairs = await listPairs(dominant.client);
  const pair = pairs.find((p) => p.submissiveId === submissive.id && p.dominantId === dominant.id);
  expect(pair, 'the accepted request forms a pair').toBeDefined();
  return { dominant, submissive, pairId: pair!.id };
}

export async function listPairs(client: TestClient) {
  const response = await client.get('/api/pairs');
  expect(response.status).toBe(200);
  return ((await response.json()) as { pairs: PairView[] }).pairs;
}

/** A valid create-task body for `assignedTo`, due one day after the server's clock. */
export function taskBody(server: TestServer, assignedTo: string, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Make the bed',
    description: 'Hospital corners',
    dueDate: server.clock.now().getTime() + 24 * HOUR,
    assignedTo,
    ...overrides,
  };
}

/** The dominant creates a task (must succeed). */
export async function createTask(
  server: TestServer,
  couple: Couple,
  overrides: Record<string, unknown> = {},
): Promise<TaskView> {
  const response = await couple.dominant.client.post(
    '/api/tasks',
    taskBody(server, couple.submissive.id, overrides),
  );
  const body = (await response.json()) as { task: TaskView };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.task;
}

export async function listTasks(client: TestClient) {
  const response = await client.get('/api/tasks');
  expect(response.status).toBe(200);
  return ((await response.json()) as { tasks: TaskView[] }).tasks;
}

export async function findTask(client: TestClient, id: string) {
  return (await listTasks(client)).find((t) => t.id === id);
}

export async function listHistory(client: TestClient) {
  const response = await client.get('/api/task-completions');
  expect(response.status).toBe(200);
  return ((await response.json()) as { completions: TaskCompletionView[] }).completions;
}

export async function completeTask(client: TestClient, id: string, photoId?: string) {
  const response = await client.post(`/api/tasks/${id}/complete`, photoId ? { photoId } : {});
  const body = (await response.json()) as { task: TaskView };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.task;
}

export async function notificationsOf(client: TestClient) {
  const response = await client.get('/api/notifications');
  expect(response.status).toBe(200);
  return ((await response.json()) as { notifications: NotificationView[] }).notifications;
}

/** Every row count the harness knows, plus tasks, history, media rows and media files on disk. */
export async function taskRowCounts(server: TestServer) {
  const db = server.database.db;
  const n = async (table: typeof tasks | typeof taskCompletions | typeof media) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    ...(await server.rowCounts()),
    tasks: await n(tasks),
    taskCompletions: await n(taskCompletions),
    media: await n(media),
    mediaFiles: mediaFiles(server).length,
  };
}

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

/** POST /api/media/photo with a raw body. */
export function postPhoto(
  client: TestClient,
  partnerId: string,
  body: Uint8Array,
  contentType = 'image/jpeg',
) {
  return client.fetch(`/api/media/photo?partnerId=${encodeURIComponent(partnerId)}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(body),
  });
}

/** POST /api/media/audio with a raw body and the recorder's stated length. */
export function postAudio(
  client: TestClient,
  partnerId: string,
  body: Uint8Array,
  durationMs = 2_000,
  contentType = 'audio/ogg',
) {
  return client.fetch(
    `/api/media/audio?partnerId=${encodeURIComponent(partnerId)}&durationMs=${durationMs}`,
    { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) },
  );
}

/** Uploads a photo (a small JPEG unless given) for the pair with `partnerId`; returns its id. */
export async function uploadPhoto(client: TestClient, partnerId: string, buffer?: Buffer) {
  const response = await postPhoto(client, partnerId, buffer ?? (await jpeg()));
  const body = (await response.json()) as { media: MediaView };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.media.id;
}

/** Uploads a voice note (a 2-second Ogg Opus file) for the pair with `partnerId`; returns its id. */
export async function uploadAudio(client: TestClient, partnerId: string, buffer = oggOpus(2)) {
  const response = await postAudio(client, partnerId, buffer);
  const body = (await response.json()) as { media: MediaView };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.media.id;
}

/** A plain JPEG of the given size. */
export function jpeg(width = 40, height = 20) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .toBuffer();
}

/** Strings planted in the EXIF of `jpegWithExifAndGps`: a camera make and a GPS map datum. */
export const EXIF_MARKERS = { make: 'SpyCam-Make', gpsDatum: 'WGS-84-Secret' } as const;

/** A JPEG whose EXIF names a camera and whose GPS IFD places it in Berlin. */
export function jpegWithExifAndGps() {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 10, g: 120, b: 10 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: EXIF_MARKERS.make, Model: 'X1', Copyright: 'Owner Name' },
      IFD3: {
        GPSMapDatum: EXIF_MARKERS.gpsDatum,
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 0/1',
      },
    })
    .toBuffer();
}

/** A 40x20 JPEG whose EXIF says "rotate 90° clockwise" (orientation 6): it displays as 20x40. */
export function rotatedJpeg() {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 10, g: 10, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** The CRC of an Ogg page (polynomial 0x04c11db7, not reflected). */
function oggCrc(bytes: Uint8Array) {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

function oggPage(payload: Buffer, sequence: number, headerType: number, granule: bigint) {
  const segments: number[] = [];
  let rest = payload.length;
  while (rest >= 255) {
    segments.push(255);
    rest -= 255;
  }
  segments.push(rest);
  const header = Buffer.alloc(27 + segments.length);
  header.write('OggS', 0, 'latin1');
  header[5] = headerType;
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(0x50414354, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = segments.length;
  segments.forEach((s, i) => {
    header[27 + i] = s;
  });
  const page = Buffer.concat([header, payload]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/**
 * A tiny but well-formed Ogg Opus file (head, tags, one silent frame) whose last granule position states
 * `seconds` of audio: what a parser reads as the file's own length.
 */
export function oggOpus(seconds: number) {
  const preSkip = 312;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // mono
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(48_000, 12);
  const vendor = 'pact-test';
  const tags = Buffer.alloc(16 + vendor.length);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  tags.write(vendor, 12, 'latin1');
  const frame = Buffer.from([0xf8, 0xff, 0xfe]);
  return Buffer.concat([
    oggPage(head, 0, 0x02, 0n),
    oggPage(tags, 1, 0x00, 0n),
    oggPage(frame, 2, 0x04, BigInt(preSkip + Math.round(seconds * 48_000))),
  ]);
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A decompression bomb in miniature: a few hundred bytes of PNG whose header claims `width` x `height`
 * grey pixels (a few hundred megapixels once decoded).
 */
export function pngClaiming(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
