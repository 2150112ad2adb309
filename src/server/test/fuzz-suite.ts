import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../app';
import type { TestClient } from './client';
import { openContract } from './contracts';
import { databases } from './database';
import { bodyFrom, queryFrom, segmentFrom, tableFingerprints } from './fuzz';
import {
  type Actor,
  BOOKKEEPING,
  describeSent,
  type Method,
  NOT_FUZZED,
  ROUTES,
  RUNS,
  SEED,
  type Sent,
} from './fuzz-routes';
import { notificationsOf } from './notifications';
import { type Couple, createCouple, listPairs } from './partners';
import { createPunishment } from './punishments';
import { jpeg, oggOpus } from './samples';
import { startTestServer, type TestServer } from './server';
import { completeTask, createTask, listHistory } from './tasks';
import { uploadAudio, uploadPhoto } from './uploads';

/**
 * Every API route, sent generated requests from its own schemas (the routes: fuzz-routes.ts). The routes are
 * dealt round-robin into `shards` test files, which Vitest runs side by side; shard 0 also checks that every
 * route has an entry.
 *
 * When the run has both databases, each sends half of a route's requests, from a seed of its own: every
 * engine is fuzzed, and the suite sends as many requests as on one database (the validation they test is the
 * same code on both; what differs, such as how the engine takes a NUL byte, is reached from either half).
 */
export function fuzzShard(shard: number, shards: number) {
  const kinds = databases();
  describe.each(kinds.map((kind, leg) => ({ kind, leg })))(
    `every route from its own schema on $kind (part ${shard + 1} of ${shards})`,
    ({ kind, leg }) => {
      let server: TestServer;
      let couple: Couple;
      let ids: string[] = [];
      let photo = '';
      let contract = { id: '', versionId: '' };
      let samples: { jpeg: Buffer; ogg: Buffer };

      /** A couple with a task, a done task (its completion and notification), a photo and a voice note. */
      async function setUp() {
        couple = await createCouple(server);
        const [open, done, subPhoto, audio, punishment] = await Promise.all([
          createTask(server, couple),
          createTask(server, couple),
          uploadPhoto(couple.submissive.client, couple.dominant.id),
          uploadAudio(couple.submissive.client, couple.dominant.id),
          createPunishment(couple, { timerEnabled: true }),
        ]);
        await completeTask(couple.submissive.client, done.id);
        const [completion] = await listHistory(couple.dominant);
        const [notification] = await notificationsOf(couple.dominant);
        photo = subPhoto;
        contract = (await openContract(couple)).contract;
        ids = [
          contract.id,
          contract.versionId,
          couple.dominant.id,
          couple.submissive.id,
          couple.pairId,
          couple.requestId,
          open.id,
          done.id,
          photo,
          audio,
          punishment.id,
          ...(completion ? [completion.id] : []),
          ...(notification ? [notification.id] : []),
        ];
      }

      beforeAll(async () => {
        server = await startTestServer({ db: kind, requireEmailVerification: false });
        samples = { jpeg: await jpeg(), ogg: oggOpus(1) };
        await setUp();
      });
      afterAll(async () => {
        await server?.close();
      });

      it.runIf(shard === 0)(
        'has a fuzz entry for every API route, so that a new route cannot be left out',
        () => {
          const listed = new Set(
            createApi(server.services)
              .routes.filter((r) => r.method !== 'ALL')
              .map((r) => `${r.method} ${r.path}`),
          );
          expect([...listed].filter((r) => !(r in ROUTES) && !(r in NOT_FUZZED))).toEqual([]);
          expect(Object.keys(ROUTES).filter((r) => !listed.has(r))).toEqual([]);
        },
      );

      /** Sends one generated request as its actor; a fresh cookie-less client stands for anybody. */
      async function send(client: TestClient, sent: Sent, body: BodyInit | undefined, contentType?: string) {
        const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
        return client.fetch(sent.url, { method: sent.method, headers, body });
      }

      const clientOf = (actor: Actor) =>
        actor === 'anonymous'
          ? server.client()
          : actor === 'dominant'
            ? couple.dominant.client
            : couple.submissive.client;

      it.each(Object.entries(ROUTES).filter((_, i) => i % shards === shard))(
        '%s answers below 500, and a refusal changes no row',
        async (name, route) => {
          // A run may have disconnected or blocked the couple, or deleted one of them: start from a connected one.
          const signedIn = await Promise.all(
            [couple.dominant, couple.submissive].map(async (u) => (await u.api.pairs.$get()).status === 200),
          );
          if (
            signedIn.includes(false) ||
            !(await listPairs(couple.dominant)).some((p) => p.id === couple.pairId)
          ) {
            await setUp();
          }
          const [method, template = ''] = name.split(' ') as [Method, string];
          const opts = { ids, sample: route.sample?.({ server, couple, photo, contract }) };
          const actor: fc.Arbitrary<Actor> = route.anonymous
            ? fc.constant('anonymous')
            : fc.constantFrom<Actor>('dominant', 'submissive', 'dominant', 'submissive', 'anonymous');
          const segment = route.param ? segmentFrom(route.param, opts) : fc.constant('');
          const query = route.query
            ? queryFrom(route.query, opts)
            : fc.constantFrom('', '?a=%zz', `?x=${'y'.repeat(3000)}`);
          const json = bodyFrom(route.json, opts);
          const bytes = fc.constantFrom<'jpeg' | 'ogg' | 'junk' | 'empty'>('jpeg', 'ogg', 'junk', 'empty');
          const uploadType = fc.constantFrom(
            'image/jpeg',
            'audio/ogg',
            'application/octet-stream',
            'text/plain',
            'video/webm',
          );
          const skip = new Set([...BOOKKEEPING, ...(route.records ?? [])]);

          await fc.assert(
            fc.asyncProperty(
              actor,
              segment,
              query,
              json,
              bytes,
              uploadType,
              async (who, id, q, body, kindOfBytes, type) => {
                const url = `${template.replace(/:\w+/, id)}${q}`;
                const sent: Sent = { method, url, actor: who };
                const before = await tableFingerprints(server.database.db, skip);
                let response: Response;
                if (route.upload) {
                  const payload =
                    kindOfBytes === 'jpeg'
                      ? samples.jpeg
                      : kindOfBytes === 'ogg'
                        ? samples.ogg
                        : kindOfBytes === 'junk'
                          ? Buffer.from('RIFF\u0000\u0000junk'.repeat(50))
                          : Buffer.alloc(0);
                  sent.body = { bytes: payload.length, contentType: type };
                  response = await send(clientOf(who), sent, new Uint8Array(payload), type);
                } else if (method === 'GET') {
                  response = await send(clientOf(who), sent, undefined);
                } else {
                  sent.body = body;
                  response = await send(clientOf(who), sent, body.text, body.contentType);
                }
                const text = await response.text();
                const report = `${describeSent(sent)} answered ${response.status}: ${text.slice(0, 300)}`;
                expect(response.status, report).toBeLessThan(500);
                if (response.status < 400) return;
                expect(response.headers.get('content-type'), report).toMatch(/^application\/json/);
                const error = (JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }).error;
                expect(error?.code, report).toMatch(/^[A-Z_]+$/);
                expect(typeof error?.message, report).toBe('string');
                expect(
                  await tableFingerprints(server.database.db, skip),
                  `a refusal changed rows: ${report}`,
                ).toEqual(before);
              },
            ),
            {
              numRuns: Math.ceil((route.runs ?? RUNS) / kinds.length),
              seed: SEED + leg,
              endOnFailure: true,
            },
          );
        },
      );
    },
  );
}
