import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEALED_MESSAGES, sealedTextMax } from '@/shared/domain/sealed';
import { MESSAGE_CONTENT_MAX, MESSAGE_TITLE_MAX } from '@/shared/schemas/journal';
import { databases, everyRowAsText } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { messagesPage, sendMessage } from '../../test/journal';
import { notificationsOf } from '../../test/notifications';
import { createCouple } from '../../test/partners';
import { expectError } from '../../test/responses';
import { type SealedCouple, sealCouple, setUpKeysOf } from '../../test/sealed';
import { startTestServer, type TestServer } from '../../test/server';
import { storedCounts, uploadAudio } from '../../test/uploads';

/** A sealed text with its key id changed: the right shape, naming a key the pair does not have. */
function withKeyId(sealed: string, keyId: number) {
  const bytes = Buffer.from(sealed.slice(4), 'base64url');
  bytes.writeUInt32BE(keyId, 3);
  return `pe1.${bytes.toString('base64url')}`;
}

const post = (who: SealedCouple['dominant'], body: unknown) => who.client.post('/api/journal/messages', body);

/** The journal sealed end to end (decision 101): the server stores, checks the key of, and cannot read. */
describe.each(databases())('sealed journal on %s', (kind) => {
  let server: TestServer;
  let couple: SealedCouple;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    couple = await sealCouple(await createCouple(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a sealed message is delivered live as sent, opened by the partner; the notification carries it sealed', async () => {
    const text = `Kneel by the door at nine, and tell me how the day went. ${'💜'.repeat(10)}`;
    const sealed = await couple.seal(text);
    const stream = await openEventStream(couple.submissive.client);
    try {
      const sent = await sendMessage(couple.dominant, couple.submissive.id, { content: sealed });
      expect(sent.content).toBe(sealed);
      await stream.next('journal_message.created', (d) => d.messageId === sent.id);
      const read = (await messagesPage(couple.submissive, couple.dominant.id)).messages.at(-1)!;
      expect(read.id).toBe(sent.id);
      expect(await couple.open(read.content)).toBe(text);
      const [notice] = (await notificationsOf(couple.submissive)).filter((n) => n.data.messageId === sent.id);
      expect(notice).toMatchObject({
        type: 'message_sent',
        message: 'Dana Dom: Encrypted message',
        data: { messageId: sent.id, pairId: couple.pairId, sealed },
      });
    } finally {
      stream.close();
    }
  });

  it('the longest message sealed fits; a voice message’s title comes sealed too', async () => {
    const longest = '€'.repeat(MESSAGE_CONTENT_MAX);
    const sent = await sendMessage(couple.submissive, couple.dominant.id, {
      content: await couple.seal(longest),
    });
    expect(sent.content.length).toBeLessThanOrEqual(sealedTextMax(MESSAGE_CONTENT_MAX));
    expect(await couple.open(sent.content)).toBe(longest);
    const title = 'For tonight, 🎧';
    const voiceNoteId = await uploadAudio(couple.dominant.client, couple.submissive.id);
    const voice = await sendMessage(couple.dominant, couple.submissive.id, {
      kind: 'voice',
      content: '',
      voiceNoteId,
      voiceNoteDescription: await couple.seal(title, 'journal.title'),
    });
    expect(await couple.open(voice.voiceNoteDescription!, 'journal.title')).toBe(title);
    const [notice] = (await notificationsOf(couple.submissive)).filter((n) => n.data.messageId === voice.id);
    expect(notice?.message).toBe('Dana Dom: Voice message');
  });

  it('plain text to a sealed pair, a malformed or unknown-key text, or one too long is refused, and nothing changes', async () => {
    const valid = await couple.seal('fine');
    const cases: [unknown, number, string][] = [
      [{ content: 'plain words' }, 409, SEALED_MESSAGES.required],
      [
        { kind: 'voice', voiceNoteId: crypto.randomUUID(), voiceNoteDescription: 'plain title' },
        409,
        SEALED_MESSAGES.required,
      ],
      [{ content: 'pe1.abc' }, 400, SEALED_MESSAGES.malformed],
      [{ content: `pe1.${'A'.repeat(60)}` }, 400, SEALED_MESSAGES.malformed],
      [
        { content: `${valid.slice(0, 20)}\u0000${valid.slice(21)}` },
        400,
        'Text must not contain NUL characters',
      ],
      [{ content: withKeyId(valid, 7) }, 400, SEALED_MESSAGES.unknownKey],
      [
        { content: `pe1.${'A'.repeat(sealedTextMax(MESSAGE_CONTENT_MAX))}` },
        400,
        `Message must be at most ${MESSAGE_CONTENT_MAX} characters`,
      ],
      [
        {
          kind: 'voice',
          voiceNoteId: crypto.randomUUID(),
          voiceNoteDescription: 'x'.repeat(MESSAGE_TITLE_MAX + 1),
        },
        400,
        `Title must be at most ${MESSAGE_TITLE_MAX} characters`,
      ],
    ];
    const counts = await storedCounts(server);
    for (const [body, status, message] of cases) {
      const code = status === 409 ? 'SEAL_REQUIRED' : 'VALIDATION_ERROR';
      await expectError(
        await post(couple.dominant, { partnerId: couple.submissive.id, ...(body as object) }),
        status,
        code,
        message,
      );
    }
    expect(await storedCounts(server)).toEqual(counts);
  });

  it('while only one partner has keys, plain text is still accepted', async () => {
    const half = await createCouple(server, { dominantName: 'Hal', submissiveName: 'Fay' });
    await setUpKeysOf(half.dominant);
    const sent = await sendMessage(half.submissive, half.dominant.id, { content: 'plain, for now' });
    expect(sent.content).toBe('plain, for now');
  });

  it('a copy of the database holds neither a sealed message’s words nor its notification’s', async () => {
    const secret = 'the blue ribbon is under the pillow';
    await sendMessage(couple.submissive, couple.dominant.id, { content: await couple.seal(secret) });
    const rows = await everyRowAsText(server.database.db);
    for (const [table, text] of rows) {
      expect(text.includes(secret), `${table} holds the words`).toBe(false);
      expect(text.includes('blue ribbon'), `${table} holds part of them`).toBe(false);
    }
    expect([...rows.values()].join('\n')).toContain('pe1.');
  });
});
