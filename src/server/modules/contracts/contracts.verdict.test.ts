import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractHistoryView, ContractView } from '@/shared/schemas/contracts';
import { sha256Hex } from '../../db/chain';
import { contractOf, editText, openContract, signBoth } from '../../test/contracts';
import { databases, selectRows } from '../../test/database';
import { type Couple, createCouple } from '../../test/partners';
import { statementsOf } from '../../test/query-plans';
import { expectBody } from '../../test/responses';
import { startTestServer, TestClock, type TestServer } from '../../test/server';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The chain's verdict is reached when an entry is written (the new link against the stored head) and read
 * on view; a row changed in the database behind Pact's back is still found: at once on view when it
 * touches the sequence, the links or the last entry; by the PDF's full verification and by the daily
 * sweep otherwise (decision 047).
 */
describe.each(databases())('contracts: the chain verdict stored at write, on %s', (kind) => {
  let server: TestServer;
  const clock = new TestClock();
  beforeAll(async () => {
    server = await startTestServer({ db: kind, clock, requireEmailVerification: false });
  });
  afterAll(() => server?.close());

  const db = () => server.database.db;

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

  /** Created, edited, signed twice: four entries, fully signed. */
  async function signedContract(couple: Couple): Promise<ContractView> {
    const { contract } = await openContract(couple);
    const edited = await contractOf(await editText(couple.dominant.client, contract, 'Version two'));
    return signBoth(couple, edited);
  }

  const historyOf = async (couple: Couple, id: string) =>
    (await expectBody(
      await couple.submissive.client.get(`/api/contracts/${id}/history`),
      200,
    )) as ContractHistoryView;

  it('the view answers the verdict without reading any text of the contract to hash it', async () => {
    const couple = await createCouple(server);
    const c = await signedContract(couple);
    const sent = await statementsOf(server.database, async () => {
      expect((await historyOf(couple, c.id)).verified).toEqual({ ok: true, entries: 4 });
    });
    expect(sent.length).toBeGreaterThan(0);
    const readsTexts = (text: string) =>
      /^select [\s\S]*"content"[\s\S]* from "contract_versions"/.test(text);
    expect(sent.map((s) => s.text).filter(readsTexts)).toEqual([]);
  });

  it('each write stores the verdict with its new head: the view agrees with a full verification', async () => {
    const couple = await createCouple(server);
    const c = await signedContract(couple);
    const [row] = await selectRows<{
      chain_entries: number;
      chain_head_hash: string;
      chain_broken_at: number | null;
    }>(db(), sql`select chain_entries, chain_head_hash, chain_broken_at from contracts where id = ${c.id}`);
    const [last] = await selectRows<{ hash: string }>(
      db(),
      sql`select hash from contract_events where contract_id = ${c.id} order by seq desc limit 1`,
    );
    expect(row).toEqual({ chain_entries: 4, chain_head_hash: last!.hash, chain_broken_at: null });
  });

  it('a removed entry in the middle is found at the next view', async () => {
    const couple = await createCouple(server);
    const c = await signedContract(couple);
    await tamper('contract_events', sql`delete from contract_events where contract_id = ${c.id} and seq = 2`);
    expect((await historyOf(couple, c.id)).verified).toMatchObject({
      ok: false,
      brokenAt: 2,
      reason: 'sequence',
    });
  });

  it('a changed last entry is found at the next view, and stays found after later writes', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    await tamper(
      'contract_events',
      sql`update contract_events set actor_role = 'submissive' where contract_id = ${contract.id} and seq = 1`,
    );
    // The next write finds its head altered: it verifies in full and stores the break.
    const edited = await contractOf(await editText(couple.dominant.client, contract, 'Version two'));
    expect((await historyOf(couple, edited.id)).verified).toMatchObject({
      ok: false,
      brokenAt: 1,
      reason: 'hash',
    });
  });

  it('a changed entry in the middle: the PDF verifies in full, refuses, and the view then says so', async () => {
    const couple = await createCouple(server);
    const c = await signedContract(couple);
    await tamper(
      'contract_events',
      sql`update contract_events set actor_id = ${couple.submissive.id} where contract_id = ${c.id} and seq = 2`,
    );
    const pdf = await couple.dominant.client.get(`/api/contracts/${c.id}/pdf`);
    expect(pdf.status).toBe(409);
    expect((await historyOf(couple, c.id)).verified).toMatchObject({
      ok: false,
      brokenAt: 2,
      reason: 'hash',
    });
  });

  it('a rewritten text is found by the daily sweep, which stores the break for every view', async () => {
    const couple = await createCouple(server);
    const c = await signedContract(couple);
    await tamper(
      'contract_versions',
      sql`update contract_versions set content = 'Forged', sha256 = ${sha256Hex('Forged')} where id = ${c.versionId}`,
    );
    clock.advance(DAY + 60_000);
    await server.services.maintain();
    expect((await historyOf(couple, c.id)).verified).toMatchObject({
      ok: false,
      brokenAt: 2,
      reason: 'text',
    });
  });

  it('a contract never verified (written before the verdict was stored) is verified in full at its first view', async () => {
    const couple = await createCouple(server);
    const c = await signedContract(couple);
    await db().execute(
      sql`update contracts set chain_entries = 0, chain_head_hash = null, chain_broken_at = null, chain_reason = null, chain_verified_at = null where id = ${c.id}`,
    );
    expect((await historyOf(couple, c.id)).verified).toEqual({ ok: true, entries: 4 });
    const [row] = await selectRows<{ chain_entries: number; verified: boolean }>(
      db(),
      sql`select chain_entries, chain_verified_at is not null as verified from contracts where id = ${c.id}`,
    );
    expect(row).toEqual({ chain_entries: 4, verified: true });
  });
});
