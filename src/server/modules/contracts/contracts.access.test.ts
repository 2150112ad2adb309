import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { NO_CAPS } from '@/shared/domain/caps';
import { CONTRACT_TEXT_MAX } from '@/shared/domain/contracts';
import type { ContractView } from '@/shared/schemas/contracts';
import { tooManyRequestsMessage } from '../../http/rate-limit';
import type { TestClient } from '../../test/client';
import { contractOf, editText, openContract } from '../../test/contracts';
import { databases } from '../../test/database';
import { HOSTILE_STRINGS, MALFORMED_BODIES } from '../../test/hostile';
import { type Couple, connect, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { actAs, actAsAnew, createUser } from '../../test/users';

type Send = (client: TestClient, c: ContractView) => Promise<Response>;

/** Every route on one contract, with a body its owners could send. */
const ROUTES: [string, Send][] = [
  ['read', (cl, c) => cl.get(`/api/contracts?partnerId=${c.dominant.id}`)],
  [
    'edit',
    (cl, c) => cl.put(`/api/contracts/${c.id}/content`, { baseVersionId: c.versionId, content: 'Mine' }),
  ],
  [
    'template',
    (cl, c) =>
      cl.post(`/api/contracts/${c.id}/template`, {
        baseVersionId: c.versionId,
        fileName: 'a.txt',
        type: 'text/plain',
        text: 'Mine',
      }),
  ],
  ['reset', (cl, c) => cl.post(`/api/contracts/${c.id}/reset`, { baseVersionId: c.versionId })],
  ['sign', (cl, c) => cl.post(`/api/contracts/${c.id}/sign`, { versionId: c.versionId })],
  ['request edit', (cl, c) => cl.post(`/api/contracts/${c.id}/edit-request`)],
  ['approve', (cl, c) => cl.post(`/api/contracts/${c.id}/edit-request/approve`)],
  ['deny', (cl, c) => cl.post(`/api/contracts/${c.id}/edit-request/deny`)],
  ['history', (cl, c) => cl.get(`/api/contracts/${c.id}/history`)],
  ['version', (cl, c) => cl.get(`/api/contracts/${c.id}/versions/${c.versionId}`)],
  [
    'lower caps',
    (cl, c) => cl.post(`/api/contracts/${c.id}/caps/lower`, { caps: { ...NO_CAPS, openTasks: 1 } }),
  ],
];

describe.each(databases())('contracts: who may touch them, and bad input, on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;
  let stranger: Couple;
  let contract: ContractView;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    [couple, stranger] = await Promise.all([createCouple(server), createCouple(server)]);
    contract = (await openContract(couple)).contract;
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(ROUTES)(
    '%s: a stranger and an anonymous visitor get 404/401, nothing changes',
    async (_n, send) => {
      const before = await server.rowCounts();
      for (const who of [stranger.dominant, stranger.submissive]) {
        const response = await send(who.client, contract);
        await expectError(response, 404, 'NOT_FOUND');
      }
      await expectError(await send(server.client(), contract), 401);
      expect(await server.rowCounts()).toEqual(before);
    },
  );

  it('a stranger cannot create or attach to a contract with someone they are not connected to', async () => {
    const before = await server.rowCounts();
    for (const partnerId of [
      couple.dominant.id,
      couple.submissive.id,
      stranger.submissive.id,
      randomUUID(),
    ]) {
      await expectError(
        await stranger.submissive.client.post('/api/contracts', { partnerId }),
        404,
        'NOT_FOUND',
        'Could not find partner connection',
      );
    }
    expect(await server.rowCounts()).toEqual(before);
  });

  it.each(ROUTES)('%s: former partners get 404 and read nothing', async (_n, send) => {
    const c = await createCouple(server);
    const { contract: theirs } = await openContract(c);
    await contractOf(await editText(c.submissive.client, theirs, 'Ours once'));
    expect((await c.dominant.client.delete(`/api/partners/${c.submissive.id}`)).status).toBe(200);
    const before = await server.rowCounts();
    for (const who of [c.dominant, c.submissive]) {
      await expectError(await send(who.client, theirs), 404, 'NOT_FOUND');
      await expectError(
        await who.client.post('/api/contracts', {
          partnerId: who === c.dominant ? c.submissive.id : c.dominant.id,
        }),
        404,
      );
    }
    expect(await server.rowCounts()).toEqual(before);
  });

  it('a Switch acting in the other role than the one it holds in the pair is refused (403)', async () => {
    const sw = await createUser(server, { role: 'switch', displayName: 'Sky Switch' });
    const sub = await createUser(server, { role: 'submissive' });
    await actAs(sw.client, 'dominant');
    await connect(sw, sub);
    const res = await sw.client.post('/api/contracts', { partnerId: sub.id });
    const c = (await expectBody(res as Response & { json(): Promise<{ contract: ContractView }> }, 201))
      .contract;
    expect(c.myRole).toBe('dominant');
    await actAsAnew(server, sw, 'submissive');
    const before = await server.rowCounts();
    await expectError(
      await sw.client.post(`/api/contracts/${c.id}/sign`, { versionId: c.versionId }),
      403,
      'FORBIDDEN',
    );
    await expectError(await editText(sw.client, c, 'No'), 403, 'FORBIDDEN');
    expect(await server.rowCounts()).toEqual(before);
  });

  it('bad text, files and bodies are refused with the spec message, and nothing changes', async () => {
    const c = contract;
    const url = `/api/contracts/${c.id}`;
    const before = await server.rowCounts();
    const client = couple.dominant.client;
    const refusals: [Promise<Response>, string | undefined][] = [
      [
        editText(client, c, 'x'.repeat(CONTRACT_TEXT_MAX + 1)),
        'Contract text must be at most 50,000 characters',
      ],
      [editText(client, c, 'a\u0000b'), 'Text must not contain NUL characters'],
      [editText(client, c, '<b></b>\u0007'), 'Please enter the contract text'],
      [client.put(`${url}/content`, { baseVersionId: 'nope', content: 'x' }), undefined],
      [client.put(`${url}/content`, { content: 'x' }), undefined],
      [client.post(`${url}/sign`, { versionId: randomUUID() }), undefined],
      ...(['a.pdf', 'a.txt.exe', 'a'] as const).map(
        (fileName) =>
          [
            client.post(`${url}/template`, {
              baseVersionId: c.versionId,
              fileName,
              type: 'text/plain',
              text: 'x',
            }),
            'Please upload a .txt file',
          ] as [Promise<Response>, string],
      ),
      ...(['application/pdf', 'image/png', '', 'text/html'] as const).map(
        (type) =>
          [
            client.post(`${url}/template`, {
              baseVersionId: c.versionId,
              fileName: 'a.txt',
              type,
              text: 'x',
            }),
            'Please upload a .txt file',
          ] as [Promise<Response>, string],
      ),
      [
        client.post(`${url}/template`, {
          baseVersionId: c.versionId,
          fileName: 'a.txt',
          type: 'text/plain',
          text: 'PK\u0003\u0004\u0014\u0000binary',
        }),
        undefined,
      ],
      [
        client.post(`${url}/template`, {
          baseVersionId: c.versionId,
          fileName: 'a.txt',
          type: 'text/plain',
          text: 'bytes \uFFFD\uFFFD',
        }),
        'Please upload a .txt file',
      ],
    ];
    for (const [response, message] of refusals) {
      const r = await response;
      expect(r.status === 400 || r.status === 409, `${r.status}`).toBe(true);
      await expectError(r, r.status, undefined, message);
    }
    for (const body of MALFORMED_BODIES) {
      const r = await client.fetch(`${url}/content`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    for (const s of HOSTILE_STRINGS) {
      const r = await client.put(`${url}/content`, { baseVersionId: s, content: s });
      expect(r.status).toBe(400);
    }
    expect(await server.rowCounts()).toEqual(before);
    const now = await expectBody(await client.get(`/api/contracts?partnerId=${couple.submissive.id}`), 200);
    expect(now.contract?.versionId).toBe(c.versionId);
  });

  it('text is judged only once the contract is the sender\'s: tags-only text from a stranger, a former partner or the wrong role is 404/403, never "Please enter the contract text"', async () => {
    // 48,000 characters that sanitise to nothing: sanitised before authorisation, this would answer 400.
    const tagsOnly = '<b>'.repeat(16_000);
    const former = await createCouple(server);
    const { contract: theirs } = await openContract(former);
    expect((await former.dominant.client.delete(`/api/partners/${former.submissive.id}`)).status).toBe(200);
    const before = await server.rowCounts();
    for (const [who, c] of [
      [stranger.dominant, contract],
      [stranger.submissive, { ...contract, id: randomUUID() }],
      [former.submissive, theirs],
    ] as const) {
      await expectError(await editText(who.client, c, tagsOnly), 404, 'NOT_FOUND', 'Contract not found');
      await expectError(
        await who.client.post(`/api/contracts/${c.id}/template`, {
          baseVersionId: c.versionId,
          fileName: 'a.txt',
          type: 'text/plain',
          text: tagsOnly,
        }),
        404,
        'NOT_FOUND',
      );
    }
    expect(await server.rowCounts()).toEqual(before);
    const sw = await createUser(server, { role: 'switch' });
    const sub = await createUser(server, { role: 'submissive' });
    await actAs(sw.client, 'dominant');
    await connect(sw, sub);
    const mine = (await expectBody(await sw.client.post('/api/contracts', { partnerId: sub.id }), 201))
      .contract;
    await actAsAnew(server, sw, 'submissive');
    const counted = await server.rowCounts();
    await expectError(await editText(sw.client, mine, tagsOnly), 403, 'FORBIDDEN');
    expect(await server.rowCounts()).toEqual(counted);
    // The owner is told the text is empty once sanitised, and nothing changes.
    const owner = await server.rowCounts();
    await expectError(
      await editText(couple.dominant.client, contract, tagsOnly),
      400,
      'VALIDATION_ERROR',
      'Please enter the contract text',
    );
    expect(await server.rowCounts()).toEqual(owner);
  });

  it('contract texts are limited per account: the 61st write in ten minutes is 429 and changes nothing', async () => {
    const limited = await startTestServer({ db: kind, requireEmailVerification: false, rateLimitScale: 1 });
    onTestFinished(() => limited.close());
    const couple = await createCouple(limited);
    let c = (await openContract(couple)).contract;
    for (let i = 0; i < 60; i++) c = await contractOf(await editText(couple.dominant.client, c, `Text ${i}`));
    const before = await limited.rowCounts();
    await expectError(
      await editText(couple.dominant.client, c, 'One more'),
      429,
      'RATE_LIMITED',
      tooManyRequestsMessage(10),
    );
    await expectError(
      await couple.dominant.client.post(`/api/contracts/${c.id}/reset`, { baseVersionId: c.versionId }),
      429,
      'RATE_LIMITED',
    );
    expect(await limited.rowCounts()).toEqual(before);
    // The partner's own count is untouched.
    await contractOf(await editText(couple.submissive.client, c, 'Partner text'));
  });

  it('a text within 50,000 characters in any script is accepted, whatever its size in UTF-8; past it, the text limit speaks', async () => {
    const c2 = await createCouple(server);
    let c = (await openContract(c2)).contract;
    for (const text of [
      '約'.repeat(CONTRACT_TEXT_MAX),
      '😀'.repeat(CONTRACT_TEXT_MAX / 2),
      'Ж'.repeat(CONTRACT_TEXT_MAX),
    ]) {
      c = await contractOf(await editText(c2.dominant.client, c, text));
      expect(c.content).toBe(text);
    }
    const before = await server.rowCounts();
    await expectError(
      await editText(c2.dominant.client, c, '約'.repeat(CONTRACT_TEXT_MAX + 1)),
      400,
      'VALIDATION_ERROR',
      'Contract text must be at most 50,000 characters',
    );
    await expectError(
      await c2.dominant.client.post(`/api/contracts/${c.id}/template`, {
        baseVersionId: c.versionId,
        fileName: 'a.txt',
        type: 'text/plain',
        text: '約'.repeat(CONTRACT_TEXT_MAX + 1),
      }),
      400,
      'VALIDATION_ERROR',
      'Contract text must be at most 50,000 characters',
    );
    // Far past any text the limit allows, the body is refused unread.
    await expectError(
      await editText(c2.dominant.client, c, '😀'.repeat(CONTRACT_TEXT_MAX * 2)),
      413,
      'PAYLOAD_TOO_LARGE',
      'Request body is too large',
    );
    // Other JSON routes keep the small limit.
    await expectError(
      await c2.dominant.client.post(`/api/contracts/${c.id}/sign`, {
        versionId: c.versionId,
        pad: 'x'.repeat(70_000),
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(await server.rowCounts()).toEqual(before);
  });

  it('a version of another contract is not found through this one', async () => {
    const { contract: other } = await openContract(stranger);
    await expectError(
      await couple.dominant.client.get(`/api/contracts/${contract.id}/versions/${other.versionId}`),
      404,
      'NOT_FOUND',
      'Version not found',
    );
    await expectError(
      await couple.dominant.client.post(`/api/contracts/${contract.id}/sign`, { versionId: other.versionId }),
      409,
      'CONFLICT',
    );
  });
});
