import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInit } from '../test/client';
import { databases } from '../test/database';
import { type Couple, createCouple } from '../test/partners';
import { expectError } from '../test/responses';
import { startTestServer, type TestServer } from '../test/server';
import { createTask } from '../test/tasks';
import { storedCounts } from '../test/uploads';
import { registrationBody } from '../test/users';

const INVALID_EMAIL = 'Please enter a valid email address';
const NUL = '\u0000';

/** Addresses that look like e-mail to a loose pattern but that Pact does not accept (decision 014). */
const FOREIGN_ADDRESSES = [
  'jörg@example.com',
  'user@exämple.com',
  // A right-to-left override and a zero-width space hidden in otherwise plain addresses.
  'ab\u202Ecd@example.com',
  'ab\u200Bcd@example.com',
  'a..b@example.com',
];

describe.each(databases())('hostile input on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    couple = await createCouple(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a NUL byte anywhere in a JSON body is refused with 400 and changes nothing', async () => {
    const [open, done] = await Promise.all([createTask(server, couple), createTask(server, couple)]);
    expect((await couple.submissive.client.post(`/api/tasks/${done.id}/complete`, {})).status).toBe(200);
    const before = await storedCounts(server);
    const attempts = [
      couple.dominant.client.post('/api/tasks', {
        title: `Bad${NUL}title`,
        dueDate: server.clock.now().getTime() + 86_400_000,
        assignedTo: couple.submissive.id,
      }),
      couple.dominant.client.put(`/api/tasks/${open.id}`, {
        title: 'Fine',
        description: `Hidden${NUL}`,
        dueDate: open.dueDate,
      }),
      couple.dominant.client.post(`/api/tasks/${done.id}/feedback`, { feedback: `Good${NUL}` }),
      couple.dominant.client.post('/api/users/search', { email: `x${NUL}@example.com` }),
      server.request('/api/auth/login', jsonInit('POST', { email: `a${NUL}@example.com`, password: 'x' })),
    ];
    for (const response of await Promise.all(attempts)) {
      await expectError(response, 400, 'VALIDATION_ERROR', 'Text must not contain NUL characters');
    }
    expect(await storedCounts(server)).toEqual(before);
  });

  it('addresses outside plain ASCII answer 400 with the spec message at registration, login and recovery', async () => {
    const before = await server.rowCounts();
    for (const email of FOREIGN_ADDRESSES) {
      const register = await server.request(
        '/api/auth/register',
        jsonInit('POST', registrationBody({ email })),
      );
      await expectError(register, 400, 'VALIDATION_ERROR', INVALID_EMAIL);
      const login = await server.request(
        '/api/auth/login',
        jsonInit('POST', { email, password: 'Zebra7!quartz' }),
      );
      await expectError(login, 400, 'VALIDATION_ERROR', INVALID_EMAIL);
      const forgot = await server.request('/api/auth/forgot-password', jsonInit('POST', { email }));
      await expectError(forgot, 400, 'VALIDATION_ERROR', INVALID_EMAIL);
      if (/[^\x21-\x7e]/.test(email)) {
        const search = await couple.dominant.client.post('/api/users/search', { email });
        await expectError(search, 400, 'VALIDATION_ERROR', INVALID_EMAIL);
      }
    }
    expect(await server.rowCounts()).toEqual(before);
  });

  it('due dates outside a sane range are refused; a task due at the end of the range can still be completed', async () => {
    const before = await storedCounts(server);
    for (const dueDate of [Date.UTC(10000, 0, 1), Date.UTC(9999, 11, 31), Date.UTC(2101, 0, 1), 8.64e15]) {
      const response = await couple.dominant.client.post('/api/tasks', {
        title: 'Far away',
        dueDate,
        assignedTo: couple.submissive.id,
        repeatConfig: { frequency: 'daily' },
      });
      await expectError(response, 400, 'VALIDATION_ERROR', 'Please choose a due date before 2100');
    }
    expect(await storedCounts(server)).toEqual(before);
    const last = await createTask(server, couple, {
      dueDate: Date.UTC(2099, 11, 31, 12),
      repeatConfig: { frequency: 'daily' },
    });
    const done = await couple.submissive.client.post(`/api/tasks/${last.id}/complete`, {});
    expect(done.status, await done.clone().text()).toBe(200);
  });
});
