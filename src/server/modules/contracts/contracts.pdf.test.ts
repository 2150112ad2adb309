import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CONTRACT_TEXT_MAX } from '@/shared/domain/contracts';
import { contractOf, editText, openContract, sign, signBoth } from '../../test/contracts';
import { databases } from '../../test/database';
import { type Couple, createCouple } from '../../test/partners';
import { pdfPageCount, pdfText } from '../../test/pdf';
import { expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { pdfSafeText } from './contracts.pdf';
import { breakLongRuns, LONGEST_RUN } from './contracts.pdf-render';

describe('the PDF text helpers', () => {
  it('keeps what the standard fonts can show and writes anything else as its code point', () => {
    expect(pdfSafeText('Café – “yes” € ü')).toBe('Café – “yes” € ü');
    expect(pdfSafeText('Lock 🔒 and 日本')).toBe('Lock [U+1F512] and [U+65E5][U+672C]');
    expect(pdfSafeText('a\tb')).toBe('a    b');
    expect(pdfSafeText('Ω')).toBe('[U+03A9]');
  });

  it('cuts a word longer than a line into lines before layout, and leaves words and spaces alone', () => {
    expect(breakLongRuns('a few words')).toBe('a few words');
    const word = 'W'.repeat(LONGEST_RUN * 2 + 3);
    expect(breakLongRuns(`x ${word} y`).split('\n')).toEqual([
      `x ${'W'.repeat(LONGEST_RUN)}`,
      'W'.repeat(LONGEST_RUN),
      'WWW y',
    ]);
  });
});

describe.each(databases())('contracts: the signed PDF on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const pdfOf = (couple: Couple, id: string, who: 'dominant' | 'submissive' = 'dominant') =>
    couple[who].client.get(`/api/contracts/${id}/pdf`);

  it('gives both partners the signed text and a last page naming both signers, the version and its hash', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    const text = '**Our rules**\nBe kind – always 🔒\n\nKneel at **nine**.';
    const edited = await contractOf(await editText(couple.submissive.client, contract, text));
    const signed = await signBoth(couple, edited);
    for (const who of ['dominant', 'submissive'] as const) {
      const response = await pdfOf(couple, signed.id, who);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="pact-contract-v${signed.versionNumber}.pdf"`,
      );
      expect(response.headers.get('cache-control')).toMatch(/no-store/);
      const pdf = Buffer.from(await response.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(2);
      const shown = pdfText(pdf);
      for (const part of [
        'Our rules',
        'Be kind – always [U+1F512]',
        'nine',
        couple.dominant.displayName,
        'Role: Dominant',
        couple.submissive.displayName,
        'Role: Submissive',
        `Version ${signed.versionNumber}`,
        signed.sha256,
      ]) {
        expect(shown).toContain(part);
      }
      expect(shown).not.toContain('**');
      expect(shown.match(/Signed: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/g)).toHaveLength(2);
      // The hash is the text's, as stored and as signed.
      expect(signed.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('is refused (409) until both have signed, and after an edit cleared the signatures', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    await expectError(
      await pdfOf(couple, contract.id),
      409,
      'CONFLICT',
      'The contract can be downloaded once both of you have signed it',
    );
    await contractOf(await sign(couple.dominant.client, contract));
    await expectError(await pdfOf(couple, contract.id, 'submissive'), 409, 'CONFLICT');
    const signed = await contractOf(await sign(couple.submissive.client, contract));
    expect((await pdfOf(couple, signed.id)).status).toBe(200);
    await contractOf(await couple.dominant.client.post(`/api/contracts/${signed.id}/edit-request`));
    const approved = await contractOf(
      await couple.submissive.client.post(`/api/contracts/${signed.id}/edit-request/approve`),
    );
    expect((await pdfOf(couple, signed.id)).status).toBe(200);
    await contractOf(await editText(couple.dominant.client, approved, 'New terms'));
    await expectError(await pdfOf(couple, signed.id), 409, 'CONFLICT');
  });

  it('is 404 to a stranger and to former partners, 401 without a session, 400 for a bad id', async () => {
    const [couple, stranger] = await Promise.all([createCouple(server), createCouple(server)]);
    const { contract } = await openContract(couple);
    const signed = await signBoth(couple, contract);
    for (const who of [stranger.dominant, stranger.submissive]) {
      await expectError(await who.client.get(`/api/contracts/${signed.id}/pdf`), 404, 'NOT_FOUND');
    }
    await expectError(await server.client().get(`/api/contracts/${signed.id}/pdf`), 401);
    await expectError(await couple.dominant.client.get('/api/contracts/not-an-id/pdf'), 400);
    await expectError(
      await couple.dominant.client.get('/api/contracts/00000000-0000-4000-8000-000000000000/pdf'),
      404,
      'NOT_FOUND',
    );
    expect((await couple.dominant.client.delete(`/api/partners/${couple.submissive.id}`)).status).toBe(200);
    for (const who of ['dominant', 'submissive'] as const) {
      await expectError(await pdfOf(couple, signed.id, who), 404, 'NOT_FOUND');
    }
  });

  it('is limited per account (each download renders the whole text): the 21st in an hour is 429', async () => {
    const limited = await startTestServer({ db: kind, requireEmailVerification: false, rateLimitScale: 1 });
    onTestFinished(() => limited.close());
    const couple = await createCouple(limited);
    const { contract } = await openContract(couple);
    const signed = await signBoth(couple, contract);
    for (let i = 0; i < 20; i++) expect((await pdfOf(couple, signed.id)).status).toBe(200);
    await expectError(await pdfOf(couple, signed.id), 429, 'RATE_LIMITED');
    // The partner's own count is untouched.
    expect((await pdfOf(couple, signed.id, 'submissive')).status).toBe(200);
  });

  const worstCase = 'W'.repeat(CONTRACT_TEXT_MAX);

  it('renders in a worker: while the worst-case text (one 50,000-character word) renders, /api/health keeps answering', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    const signed = await signBoth(
      couple,
      await contractOf(await editText(couple.dominant.client, contract, worstCase)),
    );
    let pdfDone = false;
    const pdf = pdfOf(couple, signed.id).then((r) => {
      pdfDone = true;
      return r;
    });
    const healthy: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      const health = await server.client().get('/api/health');
      expect(health.status).toBe(200);
      healthy.push(!pdfDone);
    }
    expect(healthy).toEqual([true, true, true]);
    const response = await pdf;
    expect(response.status).toBe(200);
    const shown = pdfText(Buffer.from(await response.arrayBuffer()));
    // The word is all there, cut into lines.
    expect(shown.replace(/[^W]/g, '').length).toBeGreaterThanOrEqual(CONTRACT_TEXT_MAX);
  });

  it('keeps a rendered version: the second download is the same file', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    const signed = await signBoth(couple, contract);
    const first = Buffer.from(await (await pdfOf(couple, signed.id)).arrayBuffer());
    const second = Buffer.from(await (await pdfOf(couple, signed.id, 'submissive')).arrayBuffer());
    expect(second.equals(first)).toBe(true);
  });

  it('answers 503 with a clear message when the rendering exceeds its time limit', async () => {
    const slow = await startTestServer({
      db: kind,
      requireEmailVerification: false,
      env: { PDF_TIMEOUT_MS: '1' },
    });
    onTestFinished(() => slow.close());
    const couple = await createCouple(slow);
    const { contract } = await openContract(couple);
    const signed = await signBoth(
      couple,
      await contractOf(await editText(couple.dominant.client, contract, worstCase)),
    );
    await expectError(
      await pdfOf(couple, signed.id),
      503,
      'UNAVAILABLE',
      'The PDF took too long to prepare. Please try again in a few minutes.',
    );
    expect((await slow.client().get('/api/health')).status).toBe(200);
  });

  it("is refused (409) when the contract's history does not verify", async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    const signed = await signBoth(couple, contract);
    const db = server.database.db;
    await db.execute(sql`alter table contract_events disable trigger "contract_events_append_only"`);
    try {
      await db.execute(
        sql`update contract_events set actor_id = null where contract_id = ${signed.id} and seq = 2`,
      );
    } finally {
      await db.execute(sql`alter table contract_events enable trigger "contract_events_append_only"`);
    }
    for (const who of ['dominant', 'submissive'] as const) {
      await expectError(
        await pdfOf(couple, signed.id, who),
        409,
        'CONFLICT',
        "The contract's history does not verify, so it cannot be downloaded. Please contact support.",
      );
    }
  });
});
