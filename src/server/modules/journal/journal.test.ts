import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTarget } from '@/shared/domain/notification-targets';
import { MESSAGE_CONTENT_MAX, MESSAGE_PAGE } from '@/shared/schemas/journal';
import { journalMessages, media } from '../../db/schema';
import { databases, selectRows } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { messagesPage, sendMessage, wholeConversation } from '../../test/journal';
import { notificationsOf } from '../../test/notifications';
import { type Couple, connect, createCouple, listPairs } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { storedCounts, uploadAudio } from '../../test/uploads';
import { createUser, type TestUser } from '../../test/users';
import { quietPeriod } from '../../test/wait';
import { activePairIdBetween } from '../pairs/pairs.scope';

const NO_PARTNER = 'No partner connection found';

const rawPost = (who: TestUser, body: unknown) => who.client.post('/api/journal/messages', body);

describe.each(databases())('journal on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;
  let other: Couple;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    [couple, other] = await Promise.all([
      createCouple(server),
      createCouple(server, { dominantName: 'Olga Other', submissiveName: 'Otto Other' }),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('send', () => {
    it('either partner sends a text with a tone; both read it, the receiver is notified with a preview', async () => {
      const text = `  ${'Thinking of you all day. '.repeat(4)}  `;
      const sent = await sendMessage(couple.submissive, couple.dominant.id, {
        content: text,
        tone: 'yellow',
      });
      expect(sent).toMatchObject({
        pairId: couple.pairId,
        senderId: couple.submissive.id,
        senderName: 'Sam Sub',
        receiverId: couple.dominant.id,
        content: text.trim(),
        tone: 'yellow',
        voiceNote: null,
        voiceNoteDescription: null,
        createdAt: server.clock.now().getTime(),
      });
      for (const [who, partner] of [
        [couple.dominant, couple.submissive],
        [couple.submissive, couple.dominant],
      ] as const) {
        expect((await messagesPage(who, partner.id)).messages.at(-1)).toEqual(sent);
      }
      const [notice] = (await notificationsOf(couple.dominant)).filter((n) => n.data.messageId === sent.id);
      expect(notice).toMatchObject({
        type: 'message_sent',
        message: `Sam Sub: ${text.trim().slice(0, 50)}…`,
        data: { messageId: sent.id, pairId: couple.pairId, senderId: couple.submissive.id },
      });
      expect(notificationTarget(notice!)).toEqual({
        kind: 'path',
        to: `/journal?partner=${couple.submissive.id}`,
      });
      expect((await notificationsOf(couple.submissive)).some((n) => n.data.messageId === sent.id)).toBe(
        false,
      );
    });

    it('a voice message claims the sender’s recording, keeps its optional title and is playable by both', async () => {
      const audio = await uploadAudio(couple.dominant.client, couple.submissive.id);
      const sent = await sendMessage(couple.dominant, couple.submissive.id, {
        kind: 'voice',
        voiceNoteId: audio,
        voiceNoteDescription: ' Goodnight ',
        content: 'ignored in a voice message',
        tone: 'red',
      });
      expect(sent).toMatchObject({
        voiceNote: audio,
        voiceNoteDescription: 'Goodnight',
        content: '',
        tone: 'red',
      });
      const [row] = await server.database.db.select().from(media).where(eq(media.id, audio));
      expect(row?.attachedTo).toBe('message');
      expect((await couple.submissive.client.get(`/api/media/${audio}`)).status).toBe(200);
      // The same recording cannot be sent twice, nor by the partner who did not record it.
      await expectError(
        await rawPost(couple.dominant, {
          partnerId: couple.submissive.id,
          kind: 'voice',
          voiceNoteId: audio,
        }),
        409,
        'CONFLICT',
      );
      const theirs = await uploadAudio(couple.dominant.client, couple.submissive.id);
      const before = await storedCounts(server);
      await expectError(
        await rawPost(couple.submissive, {
          partnerId: couple.dominant.id,
          kind: 'voice',
          voiceNoteId: theirs,
        }),
        400,
        'VALIDATION_ERROR',
      );
      // Another pair's recording is not found either.
      const foreign = await uploadAudio(other.dominant.client, other.submissive.id);
      const after = await storedCounts(server);
      await expectError(
        await rawPost(couple.dominant, {
          partnerId: couple.submissive.id,
          kind: 'voice',
          voiceNoteId: foreign,
        }),
        400,
        'VALIDATION_ERROR',
      );
      expect(await storedCounts(server)).toEqual(after);
      expect(after.journalMessages).toBe(before.journalMessages);
    });

    it('refuses bad input with 400 and a clear message, changing nothing', async () => {
      const to = couple.dominant.id;
      const before = await storedCounts(server);
      const cases: [unknown, string][] = [
        [{ partnerId: to, content: '' }, 'Please enter a message'],
        [{ partnerId: to, content: ' \n\t ' }, 'Please enter a message'],
        [{ partnerId: to }, 'Please enter a message'],
        [
          { partnerId: to, content: 'x'.repeat(MESSAGE_CONTENT_MAX + 1) },
          `Message must be at most ${MESSAGE_CONTENT_MAX} characters`,
        ],
        [{ partnerId: to, content: 'hi', tone: 'blue' }, 'Tone must be green, yellow or red'],
        [{ partnerId: to, content: 'hi', tone: 3 }, 'Tone must be green, yellow or red'],
        [{ partnerId: to, kind: 'voice' }, 'Please record a voice message'],
        [{ partnerId: to, kind: 'voice', voiceNoteId: 'abc' }, 'Please record a voice message'],
        [
          { partnerId: to, kind: 'voice', voiceNoteId: randomUUID(), voiceNoteDescription: 'x'.repeat(101) },
          'Title must be at most 100 characters',
        ],
        [{ partnerId: 'not-a-uuid', content: 'hi' }, 'Please choose a partner'],
        [{ content: 'hi' }, 'Please choose a partner'],
        [{ partnerId: to, content: 'a\u0000b' }, 'Text must not contain NUL characters'],
        [[], 'Request body must be a JSON object'],
      ];
      for (const [body, message] of cases) {
        await expectError(await rawPost(couple.submissive, body), 400, 'VALIDATION_ERROR', message);
      }
      for (const text of ['{', '{"partnerId":}', 'null']) {
        const response = await couple.submissive.client.fetch('/api/journal/messages', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
        });
        await expectError(response, 400);
      }
      // A recording that was never uploaded.
      await expectError(
        await rawPost(couple.submissive, { partnerId: to, kind: 'voice', voiceNoteId: randomUUID() }),
        400,
        'VALIDATION_ERROR',
        'Voice note not found: upload it again',
      );
      expect(await storedCounts(server)).toEqual(before);
    });

    it('two connected Switches without a pair form it with their first message, in the sender’s role', async () => {
      const [a, b] = await Promise.all([
        createUser(server, { role: 'switch', displayName: 'Ari Switch', actAs: 'dominant' }),
        createUser(server, { role: 'switch', displayName: 'Bo Switch', actAs: 'dominant' }),
      ]);
      await connect(a, b);
      expect(await messagesPage(a, b.id)).toEqual({ messages: [], olderCursor: null });
      const sent = await sendMessage(a, b.id, { content: 'First' });
      expect((await messagesPage(b, a.id)).messages).toEqual([sent]);
      const [pair] = await listPairs(b);
      expect(pair).toMatchObject({ id: sent.pairId, dominantId: a.id, submissiveId: b.id });
    });
  });

  describe('pages', () => {
    it('newest 50 first, older pages by cursor, across equal timestamps, with no gap and no repeat', async () => {
      const pair = await createCouple(server);
      const total = MESSAGE_PAGE * 2 + 7;
      const sent = [];
      for (let i = 0; i < total; i++) {
        // Runs of messages in the same millisecond: only the id orders them.
        if (i % 10 === 0) server.clock.advance(1_000);
        const from = i % 3 === 0 ? pair.dominant : pair.submissive;
        const to = from === pair.dominant ? pair.submissive : pair.dominant;
        sent.push(await sendMessage(from, to.id, { content: `message ${i}` }));
      }
      const { pages, messages } = await wholeConversation(pair.submissive, pair.dominant.id);
      expect(pages.map((p) => p.messages.length)).toEqual([MESSAGE_PAGE, MESSAGE_PAGE, 7]);
      expect(pages.at(-1)!.olderCursor).toBeNull();
      const order = (a: { createdAt: number; id: string }, b: typeof a) =>
        a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      expect(messages).toEqual([...sent].sort(order));
      expect(new Set(messages.map((m) => m.id)).size).toBe(total);
      // The newest page ends with the newest message: the list opens at the bottom.
      expect(pages[0]!.messages.at(-1)).toEqual([...sent].sort(order).at(-1));
      // Both read the same conversation.
      expect((await wholeConversation(pair.dominant, pair.submissive.id)).messages).toEqual(messages);
    });

    it('a new message does not shift the pages already loaded', async () => {
      const pair = await createCouple(server);
      for (let i = 0; i < MESSAGE_PAGE + 3; i++) {
        server.clock.advance(1);
        await sendMessage(pair.dominant, pair.submissive.id, { content: `m${i}` });
      }
      server.clock.advance(1);
      const first = await messagesPage(pair.submissive, pair.dominant.id);
      await sendMessage(pair.dominant, pair.submissive.id, { content: 'late' });
      const older = await messagesPage(pair.submissive, pair.dominant.id, first.olderCursor);
      expect(older.messages.map((m) => m.content)).toEqual(['m0', 'm1', 'm2']);
    });

    it('refuses malformed cursors and partner ids with 400', async () => {
      const to = couple.dominant.id;
      for (const [query, message] of [
        [`partnerId=${to}&before=abc`, 'Invalid cursor'],
        [`partnerId=${to}&before=1_${'0'.repeat(36)}`, 'Invalid cursor'],
        [`partnerId=${to}&before=${'9'.repeat(16)}_${randomUUID()}`, 'Invalid cursor'],
        [`partnerId=${to}&before=-1_${randomUUID()}`, 'Invalid cursor'],
        [`partnerId=${to}&before=253402300800000_${randomUUID()}`, 'Invalid cursor'],
        [`partnerId=${to}&before=999999999999999_${randomUUID()}`, 'Invalid cursor'],
        [`partnerId=${to}&before=${'x'.repeat(5000)}`, 'Invalid cursor'],
        [`partnerId=${to}&before=%00`, 'Invalid cursor'],
        ['partnerId=1', 'Please choose a partner'],
        ['', 'Please choose a partner'],
      ]) {
        await expectError(
          await couple.submissive.client.get(`/api/journal/messages?${query}`),
          400,
          'VALIDATION_ERROR',
          message,
        );
      }
      // The last moment of year 9999 is a cursor like any other.
      expect(
        (await messagesPage(couple.submissive, to, `253402300799999_${randomUUID()}`)).olderCursor,
      ).toBeNull();
      // A well-formed cursor older than everything is simply the end.
      expect(await messagesPage(couple.submissive, to, `0_${randomUUID()}`)).toEqual({
        messages: [],
        olderCursor: null,
      });
    });
  });

  describe('access', () => {
    it('strangers get 404 for a couple’s conversation, read nothing and write nothing', async () => {
      await sendMessage(couple.dominant, couple.submissive.id, { content: 'private' });
      const loner = await createUser(server, { role: 'dominant' });
      const before = await storedCounts(server);
      for (const stranger of [other.dominant, other.submissive, loner]) {
        for (const member of [couple.dominant, couple.submissive]) {
          await expectError(
            await stranger.client.get(`/api/journal/messages?partnerId=${member.id}`),
            404,
            'NOT_FOUND',
            NO_PARTNER,
          );
          await expectError(
            await rawPost(stranger, { partnerId: member.id, content: 'hi' }),
            404,
            'NOT_FOUND',
            NO_PARTNER,
          );
        }
        await expectError(
          await stranger.client.get(`/api/journal/messages?partnerId=${stranger.id}`),
          404,
          'NOT_FOUND',
          NO_PARTNER,
        );
        await expectError(await rawPost(stranger, { partnerId: stranger.id, content: 'me' }), 404);
        await expectError(
          await stranger.client.get(`/api/journal/messages?partnerId=${randomUUID()}`),
          404,
          'NOT_FOUND',
          NO_PARTNER,
        );
      }
      // Their own conversation does not hold the couple's messages.
      const theirs = await wholeConversation(other.submissive, other.dominant.id);
      expect(theirs.messages.every((m) => m.pairId === other.pairId)).toBe(true);
      expect(await storedCounts(server)).toEqual(before);
    });

    it('the wrong pair: a dominant’s conversation with one submissive is not shown with another', async () => {
      const dom = await createUser(server, { role: 'dominant', displayName: 'Dee' });
      const [first, second] = await Promise.all([
        createUser(server, { role: 'submissive', displayName: 'First' }),
        createUser(server, { role: 'submissive', displayName: 'Second' }),
      ]);
      await connect(dom, first);
      await connect(dom, second);
      const toFirst = await sendMessage(dom, first.id, { content: 'for first only' });
      const toSecond = await sendMessage(dom, second.id, { content: 'for second only' });
      expect((await messagesPage(dom, first.id)).messages).toEqual([toFirst]);
      expect((await messagesPage(dom, second.id)).messages).toEqual([toSecond]);
      expect((await messagesPage(second, dom.id)).messages).toEqual([toSecond]);
      // One submissive cannot read or write the other's conversation by naming the other.
      await expectError(await second.client.get(`/api/journal/messages?partnerId=${first.id}`), 404);
      await expectError(await rawPost(second, { partnerId: first.id, content: 'hi' }), 404);
      expect(await server.count(journalMessages)).toBeGreaterThan(0);
    });

    it('former partners get 404 on every route; the history comes back if they reconnect', async () => {
      const pair = await createCouple(server);
      const kept = await sendMessage(pair.submissive, pair.dominant.id, { content: 'before the end' });
      const audio = await uploadAudio(pair.dominant.client, pair.submissive.id);
      expect((await pair.dominant.client.delete(`/api/partners/${pair.submissive.id}`)).status).toBe(200);
      const before = await storedCounts(server);
      for (const [me, them] of [
        [pair.dominant, pair.submissive],
        [pair.submissive, pair.dominant],
      ] as const) {
        await expectError(
          await me.client.get(`/api/journal/messages?partnerId=${them.id}`),
          404,
          'NOT_FOUND',
          NO_PARTNER,
        );
        await expectError(
          await me.client.get(`/api/journal/messages?partnerId=${them.id}&before=${Date.now()}_${kept.id}`),
          404,
        );
        await expectError(
          await rawPost(me, { partnerId: them.id, content: 'still there?' }),
          404,
          'NOT_FOUND',
          NO_PARTNER,
        );
      }
      await expectError(
        await rawPost(pair.dominant, { partnerId: pair.submissive.id, kind: 'voice', voiceNoteId: audio }),
        404,
      );
      expect(await storedCounts(server)).toEqual(before);
      await connect(pair.submissive, pair.dominant);
      // The pair is formed again by the next message; its history is there again.
      server.clock.advance(1_000);
      await sendMessage(pair.dominant, pair.submissive.id, { content: 'back' });
      expect((await messagesPage(pair.submissive, pair.dominant.id)).messages.map((m) => m.content)).toEqual([
        'before the end',
        'back',
      ]);
    });

    it('answers 401 signed out, changing nothing', async () => {
      const before = await storedCounts(server);
      await expectError(
        await server.request(`/api/journal/messages?partnerId=${couple.dominant.id}`),
        401,
        'NOT_AUTHENTICATED',
      );
      await expectError(
        await server.request('/api/journal/messages', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ partnerId: couple.dominant.id, content: 'hi' }),
        }),
        401,
      );
      expect(await storedCounts(server)).toEqual(before);
    });
  });

  describe('realtime', () => {
    it('both members’ streams hear journal_message.created with ids only; a stranger’s stream hears nothing', async () => {
      const receiver = await openEventStream(couple.dominant.client);
      const sender = await openEventStream(couple.submissive.client);
      const stranger = await openEventStream(other.dominant.client);
      try {
        const sent = await sendMessage(couple.submissive, couple.dominant.id, {
          content: 'Live secret words',
        });
        const expected = {
          messageId: sent.id,
          pairId: couple.pairId,
          senderId: couple.submissive.id,
          receiverId: couple.dominant.id,
        };
        expect(await receiver.next('journal_message.created', (d) => d.messageId === sent.id)).toEqual(
          expected,
        );
        expect(await sender.next('journal_message.created', (d) => d.messageId === sent.id)).toEqual(
          expected,
        );
        await receiver.next('notification.created');
        await quietPeriod(100);
        expect(stranger.names()).toEqual([]);
        expect(receiver.messages.some((m) => m.data.includes('secret'))).toBe(false);
      } finally {
        receiver.close();
        sender.close();
        stranger.close();
      }
    });
  });
});

describe('journal: 10,000 messages', () => {
  it('the first page is read from the index in order, not sorted from the whole conversation', async () => {
    const server = await startTestServer({ db: 'pglite', requireEmailVerification: false });
    try {
      const pair = await createCouple(server);
      const db = server.database.db;
      const base = Date.now() - 10_000_000;
      const rows = Array.from({ length: 10_000 }, (_, i) => ({
        pairId: pair.pairId,
        senderId: i % 2 ? pair.dominant.id : pair.submissive.id,
        receiverId: i % 2 ? pair.submissive.id : pair.dominant.id,
        content: `seeded ${i}`,
        createdAt: new Date(base + i * 1_000),
      }));
      for (let i = 0; i < rows.length; i += 1_000)
        await db.insert(journalMessages).values(rows.slice(i, i + 1_000));
      const page = await messagesPage(pair.dominant, pair.submissive.id);
      expect(page.messages.map((m) => m.content)).toEqual(
        Array.from({ length: MESSAGE_PAGE }, (_, i) => `seeded ${10_000 - MESSAGE_PAGE + i}`),
      );
      // The hourly maintenance keeps the planner's statistics (PGlite has no autovacuum).
      await server.services.maintain();
      // The plan of the page's own query: the pair found once, then the index read in order, no sort.
      const plan = await selectRows(
        db,
        sql`explain (format json) select * from ${journalMessages} where ${journalMessages.pairId} = ${activePairIdBetween(pair.dominant.id, pair.submissive.id)} order by ${journalMessages.createdAt} desc, ${journalMessages.id} desc limit ${MESSAGE_PAGE + 1}`,
      );
      const text = JSON.stringify(plan);
      expect(text).toContain('journal_messages_pair_created_idx');
      expect(text).not.toContain('"Sort Key":["journalMessages.created_at DESC"');
      expect(
        await expectBody(
          await pair.dominant.api.journal.messages.$get({ query: { partnerId: pair.submissive.id } }),
          200,
        ),
      ).toEqual(page);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('journal: messages are limited per account', () => {
  it('60 a minute go through; the 61st is 429 with the app message, sends nothing; the partner and the next minute are free', async () => {
    const server = await startTestServer({
      db: 'pglite',
      requireEmailVerification: false,
      rateLimitScale: 1,
    });
    try {
      const pair = await createCouple(server);
      for (let i = 0; i < 60; i++) await sendMessage(pair.dominant, pair.submissive.id, { content: `m${i}` });
      const before = await server.rowCounts();
      const refused = await pair.dominant.api.journal.messages.$post({
        json: { partnerId: pair.submissive.id, content: 'one too many' },
      });
      await expectError(refused, 429, 'RATE_LIMITED', 'Too many requests. Please try again in 1 minute.');
      expect(await server.rowCounts()).toEqual(before);
      await sendMessage(pair.submissive, pair.dominant.id, { content: 'my own count' });
      server.clock.advance(60_000);
      await sendMessage(pair.dominant, pair.submissive.id, { content: 'a minute later' });
    } finally {
      await server.close();
    }
  }, 180_000);
});
