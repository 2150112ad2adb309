import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NOTE_MAX, PERMISSION_WHAT_MAX, PERMISSIONS_TEXT } from '@/shared/schemas/permissions';
import { databases } from '../../test/database';
import { createCouple } from '../../test/partners';
import { expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser } from '../../test/users';
import { act, ask, asked, MISSING, NUL } from './permissions.fixtures';

/** Permission requests (decision 069): who may call each route, and what bad input is refused. */
describe.each(databases())('permission requests, the role matrix and bad input, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the submissive asks and withdraws, the dominant decides; strangers and former partners find nothing', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const request = await asked(couple);
    const stranger = await createUser(server, { role: 'dominant' });
    const strangerSub = await createUser(server, { role: 'submissive' });
    const before = await server.rowCounts();
    // The wrong role: 403, named.
    await expectError(
      await ask(dominant, submissive.id, { what: 'X' }),
      403,
      'FORBIDDEN',
      PERMISSIONS_TEXT.onlySubmissiveAsks,
    );
    for (const how of ['grant', 'deny'] as const)
      await expectError(
        await act(submissive, request.id, how),
        403,
        'FORBIDDEN',
        PERMISSIONS_TEXT.onlyDominantDecides,
      );
    await expectError(
      await act(dominant, request.id, 'withdraw'),
      403,
      'FORBIDDEN',
      PERMISSIONS_TEXT.onlySubmissiveWithdraws,
    );
    // A stranger, in either role: 404.
    await expectError(await ask(strangerSub, dominant.id, { what: 'X' }), 404, 'NOT_FOUND');
    for (const how of ['grant', 'deny'] as const)
      await expectError(await act(stranger, request.id, how), 404, 'NOT_FOUND');
    await expectError(await act(strangerSub, request.id, 'withdraw'), 404, 'NOT_FOUND');
    for (const who of [stranger, strangerSub])
      await expectError(
        await who.client.get(`/api/permission-requests?partnerId=${submissive.id}`),
        404,
        'NOT_FOUND',
      );
    await expectError(await act(dominant, MISSING, 'grant'), 404, 'NOT_FOUND', PERMISSIONS_TEXT.notFound);
    await expectError(await act(submissive, MISSING, 'withdraw'), 404, 'NOT_FOUND');
    const anonymous = server.client();
    for (const response of [
      await anonymous.get(`/api/permission-requests?partnerId=${submissive.id}`),
      await anonymous.post('/api/permission-requests', { partnerId: dominant.id, what: 'X' }),
      await anonymous.post(`/api/permission-requests/${request.id}/grant`, {}),
      await anonymous.post(`/api/permission-requests/${request.id}/deny`, {}),
      await anonymous.post(`/api/permission-requests/${request.id}/withdraw`, {}),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
    expect(await server.rowCounts()).toEqual(before);
    // A former partner neither reads nor writes them.
    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    const after = await server.rowCounts();
    await expectError(
      await submissive.client.get(`/api/permission-requests?partnerId=${dominant.id}`),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await dominant.client.get(`/api/permission-requests?partnerId=${submissive.id}`),
      404,
      'NOT_FOUND',
    );
    await expectError(await ask(submissive, dominant.id, { what: 'X' }), 404, 'NOT_FOUND');
    for (const how of ['grant', 'deny'] as const)
      await expectError(await act(dominant, request.id, how), 404, 'NOT_FOUND');
    await expectError(await act(submissive, request.id, 'withdraw'), 404, 'NOT_FOUND');
    expect(await server.rowCounts()).toEqual(after);
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const request = await asked(couple);
    const before = await server.rowCounts();
    const partnerId = dominant.id;
    const cases: [unknown, string | undefined][] = [
      [{ partnerId }, PERMISSIONS_TEXT.whatRequired],
      [{ partnerId, what: '   ' }, PERMISSIONS_TEXT.whatRequired],
      [{ partnerId, what: 5 }, PERMISSIONS_TEXT.whatRequired],
      [{ partnerId, what: 'x'.repeat(PERMISSION_WHAT_MAX + 1) }, PERMISSIONS_TEXT.whatTooLong],
      [{ partnerId, what: `X${NUL}` }, undefined],
      [{ partnerId, what: 'X', note: 'x'.repeat(PERMISSION_NOTE_MAX + 1) }, PERMISSIONS_TEXT.noteTooLong],
      [{ partnerId, what: 'X', note: 7 }, PERMISSIONS_TEXT.noteText],
      [{ partnerId, what: 'X', note: `Hi${NUL}` }, undefined],
      [{ partnerId, what: 'X', when: 'Friday' }, PERMISSIONS_TEXT.whenInvalid],
      [{ partnerId, what: 'X', when: 1.5 }, PERMISSIONS_TEXT.whenInvalid],
      [{ partnerId, what: 'X', when: Date.UTC(2100, 0, 1) }, PERMISSIONS_TEXT.whenInvalid],
      [{ partnerId, what: 'X', areas: ['gardening'] }, undefined],
      [{ partnerId, what: 'X', areas: 'money' }, undefined],
      [{ partnerId, what: 'X', limitTags: ['nope.nothing'] }, undefined],
      [{ partnerId, what: 'X', limitTags: ['custom:3f0c7a8e-0000-4000-8000-000000000000'] }, undefined],
      [{ what: 'X' }, PERMISSIONS_TEXT.partnerRequired],
      [{ partnerId: 'nope', what: 'X' }, PERMISSIONS_TEXT.partnerRequired],
      [{ partnerId, what: 'X', extra: 1 }, undefined],
      ['nope', undefined],
    ];
    for (const [body, message] of cases) {
      await expectError(
        await submissive.client.post('/api/permission-requests', body),
        400,
        undefined,
        message,
      );
    }
    for (const how of ['grant', 'deny'] as const) {
      await expectError(
        await act(dominant, request.id, how, { note: 'x'.repeat(PERMISSION_NOTE_MAX + 1) }),
        400,
        undefined,
        PERMISSIONS_TEXT.noteTooLong,
      );
      await expectError(
        await act(dominant, request.id, how, { note: 5 }),
        400,
        undefined,
        PERMISSIONS_TEXT.noteText,
      );
      await expectError(await act(dominant, request.id, how, { note: `No${NUL}` }), 400);
      await expectError(await act(dominant, request.id, how, { extra: true }), 400);
      await expectError(await dominant.client.post(`/api/permission-requests/nope/${how}`, {}), 400);
    }
    await expectError(await submissive.client.post('/api/permission-requests/nope/withdraw', {}), 400);
    await expectError(
      await dominant.client.get('/api/permission-requests'),
      400,
      undefined,
      PERMISSIONS_TEXT.partnerRequired,
    );
    await expectError(
      await dominant.client.get(`/api/permission-requests?partnerId=${submissive.id}&before=7`),
      400,
      undefined,
      PERMISSIONS_TEXT.cursorInvalid,
    );
    for (const path of [
      '/api/permission-requests',
      `/api/permission-requests/${request.id}/grant`,
      `/api/permission-requests/${request.id}/deny`,
    ]) {
      const who = path.endsWith('requests') ? submissive : dominant;
      const malformed = await who.client.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"what": ',
      });
      await expectError(malformed, 400);
    }
    expect(await server.rowCounts()).toEqual(before);
  });
});
