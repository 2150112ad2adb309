import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractHistoryView } from '@/shared/schemas/contracts';
import { GENESIS_HASH, sha256Hex } from '../../db/chain';
import { contractOf, editText, openContract, sign, signBoth } from '../../test/contracts';
import { databases, selectRows } from '../../test/database';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { verifyContractHistory } from './contracts.chain';

describe.each(databases())('contracts: the history cannot be quietly rewritten, on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;

  /** A contract with five entries: created, signed twice, an edit request, an approval. */
  async function contractWithHistory(couple: Couple) {
    const { contract } = await openContract(couple);
    const edited = await contractOf(await editText(couple.dominant.client, contract, 'Version two'));
    await signBoth(couple, edited);
    return edited;
  }

  /** Runs `change` as the table owner with the table's append-only trigger switched off. */
  async function tamper(table: 'contract_events' | 'contract_versions', change: ReturnType<typeof sql>) {
    const trigger = sql.raw(`"${table}_append_only"`);
    const t = sql.raw(`"${table}"`);
    await db().execute(sql`alter table ${t} disable trigger ${trigger}`);
    try {
      await db().execute(change);
    } finally {
      await db().execute(sql`alter table ${t} enable trigger ${trigger}`);
    }
  }

  const historyOf = async (couple: Couple, id: string) =>
    (await expectBody(
      await couple.submissive.client.get(`/api/contracts/${id}/history`),
      200,
    )) as ContractHistoryView;

  it('each entry carries the hash of the one before, from a fixed genesis, and verifies whole', async () => {
    const couple = await createCouple(server);
    const c = await contractWithHistory(couple);
    const h = await historyOf(couple, c.id);
    expect(h.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(h.verified).toEqual({ ok: true, entries: 4 });
    const list = await selectRows<{ prev_hash: string; hash: string }>(
      db(),
      sql`select prev_hash, hash from contract_events where contract_id = ${c.id} order by seq`,
    );
    expect(list[0]!.prev_hash).toBe(GENESIS_HASH);
    for (let i = 1; i < list.length; i++) expect(list[i]!.prev_hash).toBe(list[i - 1]!.hash);
    expect(h.versions.map((v) => v.sha256)).toEqual([expect.any(String), sha256Hex('Version two')]);
  });

  it('the database refuses UPDATE and DELETE on entries and versions', async () => {
    const couple = await createCouple(server);
    const c = await contractWithHistory(couple);
    const attempts = [
      sql`update contract_events set actor_id = null where contract_id = ${c.id}`,
      sql`delete from contract_events where contract_id = ${c.id}`,
      sql`update contract_versions set content = 'forged' where contract_id = ${c.id}`,
      sql`delete from contract_versions where contract_id = ${c.id}`,
    ];
    for (const attempt of attempts) {
      await expect(db().execute(attempt)).rejects.toThrow();
    }
    expect(await verifyContractHistory(db(), c.id)).toEqual({ ok: true, entries: 4 });
  });

  it('a changed entry breaks the chain at that entry', async () => {
    const couple = await createCouple(server);
    const c = await contractWithHistory(couple);
    await tamper(
      'contract_events',
      sql`update contract_events set actor_role = 'dominant', actor_id = ${couple.dominant.id} where contract_id = ${c.id} and seq = 4`,
    );
    expect(await verifyContractHistory(db(), c.id)).toMatchObject({ ok: false, brokenAt: 4, reason: 'hash' });
    expect((await historyOf(couple, c.id)).verified).toMatchObject({ ok: false, brokenAt: 4 });
  });

  it('a removed entry breaks the chain where it was', async () => {
    const couple = await createCouple(server);
    const c = await contractWithHistory(couple);
    await tamper('contract_events', sql`delete from contract_events where contract_id = ${c.id} and seq = 2`);
    expect(await verifyContractHistory(db(), c.id)).toMatchObject({
      ok: false,
      brokenAt: 2,
      reason: 'sequence',
    });
  });

  it('entries cut from the end are found: the contract holds a signature no entry records', async () => {
    const couple = await createCouple(server);
    const c = await contractWithHistory(couple);
    await tamper('contract_events', sql`delete from contract_events where contract_id = ${c.id} and seq = 4`);
    expect(await verifyContractHistory(db(), c.id)).toMatchObject({ ok: false, brokenAt: 4, reason: 'head' });
  });

  it('a rewritten text breaks the chain at the first entry that names it, even with its hash recomputed', async () => {
    const couple = await createCouple(server);
    const c = await contractWithHistory(couple);
    await tamper(
      'contract_versions',
      sql`update contract_versions set content = 'Forged', sha256 = ${sha256Hex('Forged')} where id = ${c.versionId}`,
    );
    expect(await verifyContractHistory(db(), c.id)).toMatchObject({ ok: false, brokenAt: 2, reason: 'text' });
  });

  it('a rewritten entry with its own hash recomputed still breaks the link of the next one', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    await contractOf(await sign(couple.dominant.client, contract));
    await contractOf(await sign(couple.submissive.client, contract));
    const forged = sha256Hex('anything');
    await tamper(
      'contract_events',
      sql`update contract_events set hash = ${forged} where contract_id = ${contract.id} and seq = 2`,
    );
    const verdict = await verifyContractHistory(db(), contract.id);
    expect(verdict.ok).toBe(false);
    expect(verdict).toMatchObject({ brokenAt: 2 });
  });
});
