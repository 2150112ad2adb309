import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES_OF_KIND } from '@/shared/domain/notification-kinds';
import { NOTIFICATION_PAGE, type NotificationType, UNREAD_COUNT_CAP } from '@/shared/schemas/notifications';
import { NOTIFICATIONS_TEXT } from '@/shared/texts/notifications';
import { notifications } from '../../db/schema';
import { databases } from '../../test/database';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, type TestUser } from '../../test/users';

/** The notification centre's reads (decision 083): every page reachable, one kind at a time. */
describe.each(databases())('the notification centre on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** `types[i]` is the i-th notification, a second apart, the last the newest. */
  async function seed(user: TestUser, types: NotificationType[]) {
    const base = Date.now() - 3_600_000;
    await server.database.db.insert(notifications).values(
      types.map((type, i) => ({
        userId: user.id,
        type,
        title: `Note ${i}`,
        message: `Message ${i}`,
        createdAt: new Date(base + i * 1000),
        updatedAt: new Date(base + i * 1000),
      })),
    );
  }
  const page = async (user: TestUser, query: { kind?: string; before?: string }) =>
    expectBody(await user.api.notifications.$get({ query: query as never }), 200);

  it('reaches every notification, page by page, newest first and none twice', async () => {
    const user = await createUser(server);
    const total = NOTIFICATION_PAGE * 2 + 3;
    await seed(
      user,
      Array.from({ length: total }, () => 'task_assigned' as const),
    );
    const seen: string[] = [];
    let before: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const answer = await page(user, before ? { before } : {});
      seen.push(...answer.notifications.map((n) => n.title));
      expect(answer.unreadCount).toBe(Math.min(total, UNREAD_COUNT_CAP));
      if (!answer.nextBefore) break;
      before = answer.nextBefore;
    }
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => `Note ${total - 1 - i}`));
  });

  it('answers one kind only, paged the same way, with the unread count of every kind', async () => {
    const user = await createUser(server);
    const types = Array.from({ length: NOTIFICATION_PAGE * 2 }, (_, i) =>
      i % 3 === 0 ? ('message_sent' as const) : ('rule_written' as const),
    );
    await seed(user, types);
    const journal = await page(user, { kind: 'journal' });
    expect(journal.notifications.length).toBe(types.filter((t) => t === 'message_sent').length);
    expect(journal.notifications.every((n) => TYPES_OF_KIND.journal.includes(n.type))).toBe(true);
    expect(journal.nextBefore).toBeNull();
    expect(journal.unreadCount).toBe(types.length);
    const structure = await page(user, { kind: 'structure' });
    expect(structure.notifications).toHaveLength(NOTIFICATION_PAGE);
    const rest = await page(user, { kind: 'structure', before: structure.nextBefore ?? '' });
    expect(structure.notifications.length + rest.notifications.length).toBe(
      types.filter((t) => t === 'rule_written').length,
    );
    expect(rest.nextBefore).toBeNull();
    expect((await page(user, { kind: 'safety' })).notifications).toEqual([]);
  });

  it('continues from nobody else’s notification: another user’s id as `before` answers an empty page', async () => {
    const [owner, stranger] = await Promise.all([createUser(server), createUser(server)]);
    await seed(owner, ['task_assigned', 'task_assigned']);
    await seed(stranger, ['task_assigned']);
    const [theirs] = (await page(owner, {})).notifications;
    const answer = await page(stranger, { before: theirs?.id ?? '' });
    expect(answer.notifications).toEqual([]);
    expect(answer.nextBefore).toBeNull();
  });

  it('refuses a kind it does not know and a cursor that is not an id, in words', async () => {
    const user = await createUser(server);
    for (const query of [{ kind: 'gossip' }, { kind: 'journal\u0000' }, { kind: 'x'.repeat(5000) }]) {
      await expectError(
        await user.client.get(`/api/notifications?${new URLSearchParams(query)}`),
        400,
        'VALIDATION_ERROR',
        NOTIFICATIONS_TEXT.kindInvalid,
      );
    }
    for (const before of ['not-an-id', '1', '\u0000']) {
      await expectError(
        await user.client.get(`/api/notifications?${new URLSearchParams({ before })}`),
        400,
        'VALIDATION_ERROR',
        NOTIFICATIONS_TEXT.cursorInvalid,
      );
    }
  });

  it('answers nobody signed out', async () => {
    const response = await server.request('/api/notifications?kind=journal');
    expect(response.status).toBe(401);
  });
});
