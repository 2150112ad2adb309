import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTRACT_TEMPLATE } from '@/shared/domain/contracts';
import { notificationTarget } from '@/shared/domain/notification-targets';
import type { ContractHistoryView } from '@/shared/schemas/contracts';
import { contractOf, editText, openContract, sign, signBoth } from '../../test/contracts';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { notificationsOf } from '../../test/notifications';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';

describe.each(databases())('contracts: the rules of spec 2 §4 on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const history = async (couple: Couple, id: string) =>
    expectBody(
      await couple.dominant.client.get(`/api/contracts/${id}/history`),
      200,
    ) as Promise<ContractHistoryView>;

  it('is created once per pair with the default template, then found by either partner', async () => {
    const couple = await createCouple(server);
    const none = await expectBody(
      await couple.dominant.client.get(`/api/contracts?partnerId=${couple.submissive.id}`),
      200,
    );
    expect(none).toEqual({ contract: null });
    const first = await openContract(couple, 'submissive');
    expect(first.created).toBe(true);
    const c = first.contract;
    expect(c.content).toBe(DEFAULT_CONTRACT_TEMPLATE);
    for (const section of [
      'Purpose',
      'Term',
      'Safewords',
      'Limits',
      'Rules and Protocols',
      'Health and Safety',
    ]) {
      expect(c.content).toContain(section);
    }
    expect(c.content).toMatch(/Red: immediate stop/);
    expect(c).toMatchObject({
      pairId: couple.pairId,
      isDominantSigned: false,
      isSubmissiveSigned: false,
      signedAt: null,
      editRequestStatus: 'none',
      editRequestedBy: null,
      myRole: 'submissive',
      dominant: { id: couple.dominant.id, role: 'dominant' },
      submissive: { id: couple.submissive.id, role: 'submissive' },
    });
    expect(c.sha256).toMatch(/^[0-9a-f]{64}$/);
    const again = await openContract(couple, 'dominant');
    expect(again.created).toBe(false);
    expect(again.contract.id).toBe(c.id);
    expect(again.contract.myRole).toBe('dominant');
    const read = await expectBody(
      await couple.dominant.client.get(`/api/contracts?partnerId=${couple.submissive.id}`),
      200,
    );
    expect(read.contract?.id).toBe(c.id);
  });

  it('two partners opening it at the same moment share one contract', async () => {
    const couple = await createCouple(server);
    const [a, b] = await Promise.all([openContract(couple, 'dominant'), openContract(couple, 'submissive')]);
    expect(a.contract.id).toBe(b.contract.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect((await history(couple, a.contract.id)).events.map((e) => e.kind)).toEqual(['created']);
  });

  it('signing: each as their own role; signed_at when the second signs; not twice', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    const one = await contractOf(await sign(couple.submissive.client, contract));
    expect(one).toMatchObject({ isSubmissiveSigned: true, isDominantSigned: false, signedAt: null });
    expect(one.submissiveSignedAt).toEqual(expect.any(Number));
    await expectError(
      await sign(couple.submissive.client, contract),
      409,
      'CONFLICT',
      'You have already signed this contract',
    );
    const both = await contractOf(await sign(couple.dominant.client, contract));
    expect(both).toMatchObject({ isSubmissiveSigned: true, isDominantSigned: true });
    expect(both.signedAt).toEqual(expect.any(Number));
  });

  it('a signature is bound to its text: an edit removes both, and an old version cannot be signed', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    await contractOf(await sign(couple.dominant.client, contract));
    const edited = await contractOf(
      await editText(couple.submissive.client, contract, '**Rules**\nBe kind.'),
    );
    expect(edited).toMatchObject({
      content: '**Rules**\nBe kind.',
      isDominantSigned: false,
      isSubmissiveSigned: false,
      signedAt: null,
      lastEditedBy: couple.submissive.id,
      versionNumber: 2,
    });
    expect(edited.versionId).not.toBe(contract.versionId);
    await expectError(
      await sign(couple.dominant.client, contract),
      409,
      'CONFLICT',
      'The contract changed since you opened it. Review the new text and try again.',
    );
    const signed = await contractOf(await sign(couple.dominant.client, edited));
    expect(signed.isDominantSigned).toBe(true);
    const h = await history(couple, contract.id);
    const signatures = h.events.filter((e) => e.kind === 'signed');
    expect(signatures.map((e) => e.versionId)).toEqual([contract.versionId, edited.versionId]);
    expect(signatures.map((e) => e.versionSha256)).toEqual([contract.sha256, edited.sha256]);
  });

  it('a fully signed contract is locked until an edit request is approved; a denial returns to none', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    await expectError(
      await couple.dominant.client.post(`/api/contracts/${contract.id}/edit-request`),
      409,
      'CONFLICT',
      'An edit can only be requested once both of you have signed',
    );
    const signed = await signBoth(couple, contract);
    await expectError(
      await editText(couple.dominant.client, signed, 'New'),
      409,
      'CONFLICT',
      'The contract is fully signed. Request an edit and wait for your partner to approve it.',
    );
    const asked = await contractOf(
      await couple.dominant.client.post(`/api/contracts/${contract.id}/edit-request`),
    );
    expect(asked).toMatchObject({ editRequestStatus: 'pending', editRequestedBy: 'dominant' });
    await expectError(
      await couple.submissive.client.post(`/api/contracts/${contract.id}/edit-request`),
      409,
      'CONFLICT',
      'An edit request is already pending',
    );
    await expectError(
      await couple.dominant.client.post(`/api/contracts/${contract.id}/edit-request/approve`),
      403,
      'FORBIDDEN',
    );
    await expectError(await editText(couple.dominant.client, signed, 'New'), 409, 'CONFLICT');
    const denied = await contractOf(
      await couple.submissive.client.post(`/api/contracts/${contract.id}/edit-request/deny`),
    );
    expect(denied).toMatchObject({
      editRequestStatus: 'none',
      editRequestedBy: null,
      isDominantSigned: true,
    });
    await expectError(
      await couple.submissive.client.post(`/api/contracts/${contract.id}/edit-request/deny`),
      409,
      'CONFLICT',
      'There is no pending edit request',
    );
    await contractOf(await couple.submissive.client.post(`/api/contracts/${contract.id}/edit-request`));
    const approved = await contractOf(
      await couple.dominant.client.post(`/api/contracts/${contract.id}/edit-request/approve`),
    );
    expect(approved).toMatchObject({ editRequestStatus: 'approved', editRequestedBy: 'submissive' });
    const edited = await contractOf(await editText(couple.submissive.client, approved, 'Amended'));
    expect(edited).toMatchObject({
      content: 'Amended',
      isDominantSigned: false,
      isSubmissiveSigned: false,
      signedAt: null,
      editRequestStatus: 'none',
      editRequestedBy: null,
    });
    expect((await history(couple, contract.id)).events.map((e) => e.kind)).toEqual([
      'created',
      'signed',
      'signed',
      'edit_requested',
      'edit_denied',
      'edit_requested',
      'edit_approved',
      'edited',
    ]);
  });

  it('reset and a template load are edits: signatures go, the editor is recorded', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    const mine = await contractOf(await editText(couple.dominant.client, contract, 'Ours'));
    await contractOf(await sign(couple.submissive.client, mine));
    const loaded = await contractOf(
      await couple.submissive.client.post(`/api/contracts/${contract.id}/template`, {
        baseVersionId: mine.versionId,
        fileName: 'Rules.TXT',
        type: 'text/plain',
        text: 'From a file\r\n**bold** <b>tag</b>\u202e',
      }),
    );
    expect(loaded).toMatchObject({ content: 'From a file\n**bold** tag', isSubmissiveSigned: false });
    const reset = await contractOf(
      await couple.dominant.client.post(`/api/contracts/${contract.id}/reset`, {
        baseVersionId: loaded.versionId,
      }),
    );
    expect(reset).toMatchObject({
      content: DEFAULT_CONTRACT_TEMPLATE,
      lastEditedBy: couple.dominant.id,
      versionNumber: 4,
    });
    const h = await history(couple, contract.id);
    expect(h.events.map((e) => e.kind)).toEqual(['created', 'edited', 'signed', 'template_loaded', 'reset']);
    expect(h.versions.map((v) => v.number)).toEqual([1, 2, 3, 4]);
    const v2 = await expectBody(
      await couple.submissive.client.get(`/api/contracts/${contract.id}/versions/${mine.versionId}`),
      200,
    );
    expect(v2.version).toMatchObject({ number: 2, content: 'Ours', editedBy: couple.dominant.id });
  });

  it('two partners saving at the same moment: one wins, the other is told, nothing is lost', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    const [a, b] = await Promise.all([
      editText(couple.dominant.client, contract, 'Dominant text'),
      editText(couple.submissive.client, contract, 'Submissive text'),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    await expectError(
      loser,
      409,
      'CONFLICT',
      'The contract changed since you opened it. Review the new text and try again.',
    );
    const h = await history(couple, contract.id);
    expect(h.events.map((e) => e.kind)).toEqual(['created', 'edited']);
    expect(h.verified).toEqual({ ok: true, entries: 2 });
  });

  it('the partner is notified and both hear contract.changed', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    const stream = await openEventStream(couple.submissive.client);
    try {
      const edited = await contractOf(await editText(couple.dominant.client, contract, 'Changed'));
      expect(await stream.next('contract.changed')).toEqual({
        contractId: contract.id,
        pairId: couple.pairId,
      });
      await contractOf(await sign(couple.submissive.client, edited));
      const dominantInbox = await notificationsOf(couple.dominant);
      const told = dominantInbox.find((n) => n.type === 'contract_updated');
      expect(told).toMatchObject({
        title: 'Contract updated',
        message: 'Sam Sub signed the contract',
        data: { contractId: contract.id, pairId: couple.pairId, partnerId: couple.submissive.id },
      });
      // It opens the contract with the partner it is about (a user may have several).
      expect(notificationTarget(told!)).toEqual({
        kind: 'path',
        to: `/contract?partner=${couple.submissive.id}`,
      });
      const subInbox = await notificationsOf(couple.submissive);
      expect(subInbox.find((n) => n.type === 'contract_updated')?.message).toBe(
        'Dana Dom edited the contract',
      );
    } finally {
      stream.close();
    }
  });

  it('an account deletion takes the contract and its history with the pair', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    await contractOf(await editText(couple.dominant.client, contract, 'x'));
    const before = (await server.rowCounts()) as Record<string, number>;
    await server.database.db.execute(sql`delete from users where id = ${couple.submissive.id}`);
    const after = (await server.rowCounts()) as Record<string, number>;
    expect(after.contracts).toBe(before.contracts! - 1);
    expect(after.contractVersions).toBe(before.contractVersions! - 2);
    expect(after.contractEvents).toBe(before.contractEvents! - 2);
  });
});
