import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './test/database';
import { sendMessage } from './test/journal';
import { type Couple, createCouple, sendRequest } from './test/partners';
import { expectBody } from './test/responses';
import { startTestServer, type TestServer } from './test/server';
import { recordTransactions } from './test/statements';
import { createTask } from './test/tasks';
import { createUser } from './test/users';

/**
 * Each create is a few statements in one transaction: the written row comes back from its INSERT (not read
 * again), the notification and its outbox row are one statement, and the pair, once it exists, is read
 * (held against its ending) but never written again. A regression that adds a round trip shows here.
 */
describe.each(databases())('statements per create on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;
  let recorder: ReturnType<typeof recordTransactions>;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    couple = await createCouple(server);
    // The pair exists from the first create on.
    await createTask(server, couple);
    recorder = recordTransactions(server.database.db);
  });
  afterAll(async () => {
    recorder?.stop();
    await server?.close();
  });

  /** On PostgreSQL each is sent under its name, parsed and planned once per connection; PGlite has no names. */
  const expectPrepared = (statements: string[], names: (string | null)[]) => {
    if (kind === 'postgres') expect(recorder.namesOf(statements)).toEqual(names);
  };

  const writesPairs = (statements: string[]) =>
    statements.filter((s) => /^(insert into|update) "pairs"/.test(s) || s.includes('insert into "pairs"'));

  it('a task: the pair read, the task, its notification with its outbox row, its entry in the record', async () => {
    recorder.clear();
    const task = await createTask(server, couple, { title: 'Counted' });
    expect(task).toMatchObject({ title: 'Counted', assignedByName: 'Dana Dom', assignedToName: 'Sam Sub' });
    const statements = recorder.writing('tasks');
    expect(statements, statements.join('\n')).toHaveLength(5);
    expectPrepared(statements, [
      'pair_for_create',
      'task_create',
      'notification_create',
      'record_head_bump',
      'record_append',
    ]);
    expect(writesPairs(statements)).toEqual([]);
  });

  it('a task under an Idempotency-Key: one statement more, the key; its replay reads and writes nothing else', async () => {
    const key = randomUUID();
    const json = {
      title: 'Keyed',
      description: '',
      dueDate: server.clock.now().getTime() + 86_400_000,
      assignedTo: couple.submissive.id,
      photoProofRequired: false,
    };
    const send = () => couple.dominant.api.tasks.$post({ json }, { headers: { 'Idempotency-Key': key } });
    recorder.clear();
    const first = (await expectBody(await send(), 201)).task;
    const statements = recorder.writing('tasks');
    expect(statements, statements.join('\n')).toHaveLength(6);
    expect(statements[0]).toContain('insert into "idempotency_keys"');
    expectPrepared(statements, [
      'idempotency_claim',
      'pair_for_create',
      'task_create',
      'notification_create',
      'record_head_bump',
      'record_append',
    ]);
    const again = (await expectBody(await send(), 201)).task;
    expect(again).toEqual(first);
  });

  it('a punishment: the pair read, the punishment, its notification with its outbox row, its entry in the record', async () => {
    recorder.clear();
    const response = await couple.dominant.api.punishments.$post({
      json: { title: 'Counted', assignedTo: couple.submissive.id },
    });
    const { punishment } = await expectBody(response, 201);
    expect(punishment).toMatchObject({
      title: 'Counted',
      assignedByName: 'Dana Dom',
      assignedToName: 'Sam Sub',
    });
    const statements = recorder.writing('punishments');
    expect(statements, statements.join('\n')).toHaveLength(5);
    expectPrepared(statements, [
      'pair_for_create',
      'punishment_create',
      'notification_create',
      'record_head_bump',
      'record_append',
    ]);
    expect(writesPairs(statements)).toEqual([]);
  });

  it('a journal message: the pair read, the message, its notification with its outbox row', async () => {
    recorder.clear();
    const message = await sendMessage(couple.submissive, couple.dominant.id, { content: 'Counted' });
    expect(message).toMatchObject({ content: 'Counted', senderName: 'Sam Sub' });
    const statements = recorder.writing('journal_messages');
    expect(statements, statements.join('\n')).toHaveLength(3);
    expectPrepared(statements, ['pair_between_sealing', 'message_create', 'notification_create']);
    expect(writesPairs(statements)).toEqual([]);
  });

  it('a connection request: the checks, the request, its notification with its outbox row, the mail', async () => {
    const stranger = await createUser(server, { role: 'submissive', displayName: 'Stella Stranger' });
    recorder.clear();
    const request = await sendRequest(couple.dominant, stranger);
    expect(request).toMatchObject({
      senderName: 'Dana Dom',
      receiverName: 'Stella Stranger',
      status: 'pending',
    });
    const statements = recorder.writing('partner_requests');
    expect(statements, statements.join('\n')).toHaveLength(4);
    // The mail's outbox row is written by the mail queue, unnamed.
    expectPrepared(statements, [
      'partner_request_target',
      'partner_request_create',
      'notification_create',
      null,
    ]);
  });
});
