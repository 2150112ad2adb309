import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEALED_KINDS, SEALED_MESSAGES } from '@/shared/domain/sealed';
import { databases, everyRowAsText } from '../../test/database';
import { messagesPage, sendMessage } from '../../test/journal';
import { notificationsOf } from '../../test/notifications';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { sealCouple } from '../../test/sealed';
import { startTestServer, type TestServer } from '../../test/server';
import { storedCounts, uploadAudio } from '../../test/uploads';
import { createUser, type TestUser } from '../../test/users';
import { NOT_SEALED_PAIR } from './journal.seal';

const seal = (who: TestUser, body: unknown) => who.client.post('/api/journal/messages/seal', body);

/**
 * Earlier messages sealed once the pair is (decision 101): each partner's browser seals what they wrote before,
 * and the server keeps no plain copy in the message or in its notification.
 */
describe.each(databases())('sealing earlier messages on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the sender seals their own plain messages and their notifications; the rest is left as it is', async () => {
    const couple = await createCouple(server);
    const other = await createCouple(server, { dominantName: 'Olga', submissiveName: 'Otto' });
    const words = 'Written before we had keys: the red rope is in the drawer.';
    const mine = await sendMessage(couple.dominant, couple.submissive.id, { content: words });
    const theirs = await sendMessage(couple.submissive, couple.dominant.id, { content: 'Their own words.' });
    const voiceNoteId = await uploadAudio(couple.dominant.client, couple.submissive.id);
    const voice = await sendMessage(couple.dominant, couple.submissive.id, {
      kind: 'voice',
      content: '',
      voiceNoteId,
      voiceNoteDescription: 'An old title',
    });
    const elsewhere = await sendMessage(other.dominant, other.submissive.id, { content: 'Another pair.' });
    const sealed = await sealCouple(couple);
    const body = {
      partnerId: couple.submissive.id,
      messages: [
        { id: mine.id, content: await sealed.seal(words) },
        { id: voice.id, voiceNoteDescription: await sealed.seal('An old title', SEALED_KINDS.journalTitle) },
        { id: theirs.id, content: await sealed.seal('Replaced?') },
        { id: elsewhere.id, content: await sealed.seal('Replaced?') },
      ],
    };
    expect(await expectBody(await seal(couple.dominant, body), 200)).toEqual({ sealed: 2 });
    const page = (await messagesPage(couple.submissive, couple.dominant.id)).messages;
    const byId = new Map(page.map((m) => [m.id, m]));
    expect(await sealed.open(byId.get(mine.id)!.content)).toBe(words);
    expect(await sealed.open(byId.get(voice.id)!.voiceNoteDescription!, SEALED_KINDS.journalTitle)).toBe(
      'An old title',
    );
    expect(byId.get(theirs.id)!.content).toBe('Their own words.');
    expect((await messagesPage(other.submissive, other.dominant.id)).messages[0]!.content).toBe(
      'Another pair.',
    );
    const notice = (await notificationsOf(couple.submissive)).find((n) => n.data.messageId === mine.id)!;
    expect(notice.message).toBe('Dana Dom: Encrypted message');
    expect(await sealed.open(String(notice.data.sealed))).toBe(words);
    const rows = [...(await everyRowAsText(server.database.db)).values()].join('\n');
    expect(rows).not.toContain('red rope');
    expect(rows).not.toContain('An old title');
    // Again: nothing is plain any more, nothing changes.
    expect(await expectBody(await seal(couple.dominant, body), 200)).toEqual({ sealed: 0 });
  });

  it('refuses a pair not sealed, plain or malformed text, bad batches, a stranger and a former partner; nothing changes', async () => {
    const couple: Couple = await createCouple(server);
    const plain = await sendMessage(couple.dominant, couple.submissive.id, { content: 'Plain.' });
    const stranger = await createUser(server, { role: 'submissive', displayName: 'Stella' });
    await expectError(
      await seal(couple.dominant, {
        partnerId: couple.submissive.id,
        messages: [{ id: plain.id, content: 'x' }],
      }),
      409,
      'CONFLICT',
      NOT_SEALED_PAIR,
    );
    const sealed = await sealCouple(couple);
    const good = await sealed.seal('Plain.');
    const before = await storedCounts(server);
    const cases: [unknown, number, string?][] = [
      [
        { partnerId: couple.submissive.id, messages: [{ id: plain.id, content: 'Plain.' }] },
        409,
        SEALED_MESSAGES.required,
      ],
      [
        { partnerId: couple.submissive.id, messages: [{ id: plain.id, content: 'pe1.abc' }] },
        400,
        SEALED_MESSAGES.malformed,
      ],
      [{ partnerId: couple.submissive.id, messages: [{ id: plain.id }] }, 400, SEALED_MESSAGES.malformed],
      [{ partnerId: couple.submissive.id, messages: [] }, 400, 'Send between 1 and 50 messages'],
      [
        {
          partnerId: couple.submissive.id,
          messages: Array.from({ length: 51 }, () => ({ id: plain.id, content: good })),
        },
        400,
        'Send between 1 and 50 messages',
      ],
      [{ partnerId: couple.submissive.id, messages: [{ id: 'nope', content: good }] }, 400],
      [{ partnerId: couple.submissive.id, messages: [{ id: plain.id, content: good, extra: 1 }] }, 400],
      [{ messages: [{ id: plain.id, content: good }] }, 400],
      [{ partnerId: stranger.id, messages: [{ id: plain.id, content: good }] }, 404],
    ];
    for (const [body, status, message] of cases) {
      await expectError(await seal(couple.dominant, body), status, undefined, message);
    }
    await expectError(
      await seal(stranger, { partnerId: couple.dominant.id, messages: [{ id: plain.id, content: good }] }),
      404,
    );
    expect(await storedCounts(server)).toEqual(before);
    // A former partner: the pair ended, nothing of it is theirs to change.
    await expectBody(await couple.submissive.client.delete(`/api/partners/${couple.dominant.id}`), 200);
    await expectError(
      await seal(couple.dominant, {
        partnerId: couple.submissive.id,
        messages: [{ id: plain.id, content: good }],
      }),
      404,
    );
  });
});
