import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Couple, createCouple } from '../../test/partners';
import { expectError } from '../../test/responses';
import { oggOpus } from '../../test/samples';
import { startTestServer, type TestServer } from '../../test/server';
import { postAudio, storedCounts } from '../../test/uploads';

const NOT_AUDIO = 'Please record or select an audio file';
const sample = (name: string) => readFileSync(path.join(import.meta.dirname, '../../test/samples', name));

/** Files that begin with an audio container's signature and are not audio. */
const IMPOSTORS: [string, Buffer, string][] = [
  [
    'a WebM signature on zeros',
    Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.alloc(2048, 0)]),
    'audio/webm',
  ],
  ['an Ogg signature on filler', Buffer.concat([Buffer.from('OggS'), Buffer.alloc(2048, 7)]), 'audio/ogg'],
  [
    'an MP4 ftyp box on filler',
    Buffer.concat([Buffer.alloc(4), Buffer.from('ftypisom'), Buffer.alloc(2048, 7)]),
    'audio/mp4',
  ],
  [
    'an ADTS sync word on filler',
    Buffer.concat([Buffer.from([0xff, 0xf1]), Buffer.alloc(2048, 7)]),
    'audio/aac',
  ],
  [
    'a script behind an Ogg signature',
    Buffer.concat([Buffer.from('OggS'), Buffer.from('<script>alert(1)</script>')]),
    'audio/ogg',
  ],
];

describe('voice notes are parsed, not sniffed', () => {
  let server: TestServer;
  let couple: Couple;

  beforeAll(async () => {
    server = await startTestServer({ requireEmailVerification: false });
    couple = await createCouple(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(IMPOSTORS)('refuses %s (415), storing nothing', async (_, body, type) => {
    const before = await storedCounts(server);
    const response = await postAudio(couple.submissive.client, couple.dominant.id, body, 1_000, type);
    await expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE', NOT_AUDIO);
    expect(await storedCounts(server)).toEqual(before);
  });

  it('accepts real recordings: Opus in WebM (Chromium, whole and as a live stream) and in Ogg (Firefox)', async () => {
    for (const [body, type] of [
      [sample('tone-1.5s.webm'), 'audio/webm;codecs=opus'],
      // Written in one-second slices, as the app's recorder does: a segment of unknown size.
      [sample('live-stream-2.5s.webm'), 'audio/webm;codecs=opus'],
      [oggOpus(2), 'audio/ogg'],
    ] as const) {
      const response = await postAudio(couple.submissive.client, couple.dominant.id, body, 1_500, type);
      expect(response.status, await response.clone().text()).toBe(201);
    }
  });
});
