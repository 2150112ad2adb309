import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { inbox } from '../../test/notifications';
import { sendRequest } from '../../test/partners';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser } from '../../test/users';

describe.each(databases())('the bell once a request is answered, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const pair = () =>
    Promise.all([createUser(server, { role: 'dominant' }), createUser(server, { role: 'submissive' })]);

  it.each(['accept', 'reject', 'block'] as const)(
    'after %s, the request no longer counts as unread for its receiver, live',
    async (answer) => {
      const [sender, receiver] = await pair();
      const request = await sendRequest(sender, receiver);
      expect((await inbox(receiver)).unreadCount).toBe(1);
      const stream = await openEventStream(receiver.client);
      try {
        const answered = await receiver.client.post(`/api/partner-requests/${request.id}/${answer}`);
        expect(answered.status).toBe(200);
        await stream.next(
          'notification.read',
          (d: { notificationId: string | null }) => d.notificationId !== null,
        );
      } finally {
        stream.close();
      }
      const after = await inbox(receiver);
      expect(after.unreadCount).toBe(0);
      expect(after.notifications.find((n) => n.data.requestId === request.id)?.read).toBe(true);
    },
  );

  it('blocking the sender of a pending request settles its notification too', async () => {
    const [sender, receiver] = await pair();
    const request = await sendRequest(sender, receiver);
    const blocked = await receiver.client.post('/api/blocks', { userId: sender.id });
    expect(blocked.status).toBe(201);
    const after = await inbox(receiver);
    expect(after.unreadCount).toBe(0);
    expect(after.notifications.find((n) => n.data.requestId === request.id)?.read).toBe(true);
  });
});
