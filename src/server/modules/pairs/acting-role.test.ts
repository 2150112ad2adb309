import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client';
import { databases } from '../../test/database';
import { connect, sendRequest } from '../../test/partners';
import { createPunishment, listPunishments } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask, listHistory, listTasks } from '../../test/tasks';
import { actAs, createUser, signIn, type TestUser } from '../../test/users';

const as = (user: TestUser, client: TestClient): TestUser => ({ ...user, client, api: client.api });

/**
 * A Switch who is dominant to one partner and submissive to another: every list answers for the role the
 * session acts in, and a session acts in one role from its choice to its end.
 */
describe.each(databases())('lists follow the acting role of a Switch, on %s', (kind) => {
  let server: TestServer;
  let sky: TestUser;
  let skyDominant: TestUser;
  let skySubmissive: TestUser;
  let sam: TestUser;
  let dana: TestUser;
  const assignedBySky = { task: '', punishment: '', completion: '' };
  const assignedToSky = { task: '', punishment: '', completion: '' };

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    [sky, sam, dana] = await Promise.all([
      createUser(server, { role: 'switch', displayName: 'Sky Switch' }),
      createUser(server, { role: 'submissive', displayName: 'Sam Sub' }),
      createUser(server, { role: 'dominant', displayName: 'Dana Dom' }),
    ]);
    skyDominant = as(sky, await signIn(server, sky));
    await actAs(skyDominant.client, 'dominant');
    skySubmissive = as(sky, await signIn(server, sky));
    await actAs(skySubmissive.client, 'submissive');
    await connect(skyDominant, sam); // Sky is Sam's dominant
    await connect(dana, skySubmissive); // Dana is Sky's dominant

    // Repeating, so that each stays in the list once done (a done one-off task is history, decision 063).
    const daily = { repeatConfig: { frequency: 'daily' as const } };
    const t1 = await createTask(
      server,
      { dominant: skyDominant, submissive: sam },
      { title: 'For Sam', ...daily },
    );
    const p1 = await createPunishment({ dominant: skyDominant, submissive: sam }, { title: 'Sam lines' });
    await completeTask(sam.client, t1.id);
    const t2 = await createTask(
      server,
      { dominant: dana, submissive: skySubmissive },
      { title: 'For Sky', ...daily },
    );
    const p2 = await createPunishment({ dominant: dana, submissive: skySubmissive }, { title: 'Sky lines' });
    await completeTask(skySubmissive.client, t2.id);
    Object.assign(assignedBySky, { task: t1.id, punishment: p1.id });
    Object.assign(assignedToSky, { task: t2.id, punishment: p2.id });
    assignedBySky.completion = (await listHistory(sam.client))[0]!.id;
    assignedToSky.completion = (await listHistory(dana.client))[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('acting as submissive: only what was assigned to the Switch, from the partner who assigned it', async () => {
    const tasks = await listTasks(skySubmissive.client);
    expect(tasks.map((t) => t.id)).toEqual([assignedToSky.task]);
    expect(tasks[0]).toMatchObject({ assignedBy: dana.id, assignedTo: sky.id });
    const punishments = await listPunishments(skySubmissive.client);
    expect(punishments.map((p) => p.id)).toEqual([assignedToSky.punishment]);
    expect(punishments[0]).toMatchObject({ assignedByName: 'Dana Dom', assignedTo: sky.id });
    expect((await listHistory(skySubmissive.client)).map((c) => c.id)).toEqual([assignedToSky.completion]);
  });

  it('acting as dominant: only what the Switch assigned', async () => {
    expect((await listTasks(skyDominant.client)).map((t) => t.id)).toEqual([assignedBySky.task]);
    expect((await listPunishments(skyDominant.client)).map((p) => p.id)).toEqual([assignedBySky.punishment]);
    expect((await listHistory(skyDominant.client)).map((c) => c.id)).toEqual([assignedBySky.completion]);
  });

  it('the partners of each pair see their own pair only, as before', async () => {
    expect((await listTasks(sam.client)).map((t) => t.id)).toEqual([assignedBySky.task]);
    expect((await listPunishments(dana.client)).map((p) => p.id)).toEqual([assignedToSky.punishment]);
  });

  it('a session that has not chosen is refused the lists with 403 ROLE_NOT_CHOSEN', async () => {
    const undecided = await signIn(server, sky);
    for (const path of ['/api/tasks', '/api/punishments', '/api/task-completions']) {
      await expectError(
        await undecided.get(path),
        403,
        'ROLE_NOT_CHOSEN',
        'Choose your role for this session first',
      );
    }
  });

  it('a session that has not chosen can neither send nor accept a request, and can decline one', async () => {
    const undecided = as(sky, await signIn(server, sky));
    const [ava, ben] = await Promise.all([
      createUser(server, { role: 'dominant', displayName: 'Ava Dom' }),
      createUser(server, { role: 'submissive', displayName: 'Ben Sub' }),
    ]);
    const before = await server.rowCounts();
    await expectError(
      await undecided.client.post('/api/partner-requests', { receiverId: ben.id }),
      403,
      'ROLE_NOT_CHOSEN',
    );
    expect(await server.rowCounts()).toEqual(before);

    const fromAva = await sendRequest(ava, undecided);
    const afterSend = await server.rowCounts();
    await expectError(
      await undecided.client.post(`/api/partner-requests/${fromAva.id}/accept`),
      403,
      'ROLE_NOT_CHOSEN',
      'Choose your role for this session first',
    );
    expect(await server.rowCounts()).toEqual(afterSend);
    // Saying no needs no role.
    await expectBody(await undecided.client.post(`/api/partner-requests/${fromAva.id}/reject`), 200);
  });
});
