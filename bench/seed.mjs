// Data for the benchmarks, made through Pact's API as a user would: accounts (registration signs in),
// connected couples, tasks. Registrations and logins hash or check argon2id: a few at a time.
import { randomBytes } from 'node:crypto';
import { load } from './lib.mjs';

export const PASSWORD = 'Bench#Mark2026';
const SETUP_CONCURRENCY = 4;

/** One API call that must answer `expect`; answers the response (its body unread). */
export async function call(origin, method, path, body, cookie, expect) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== expect) {
    throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  }
  return res;
}

/** A new account, signed in: its id, e-mail and session cookie (`name=value`). */
export async function register(origin, label, role) {
  const email = `bench-${label}-${randomBytes(4).toString('hex')}@example.com`;
  const res = await call(
    origin,
    'POST',
    '/api/auth/register',
    {
      displayName: `Bench ${label}`,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role,
      ageConfirmed: true,
    },
    null,
    201,
  );
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = await res.json();
  return { id: user.id, email, cookie };
}

/** A dominant and a submissive, connected (an active pair), with `tasks` open tasks for the submissive. */
export async function createCouple(origin, label, tasks) {
  const dom = await register(origin, `d${label}`, 'dominant');
  const sub = await register(origin, `s${label}`, 'submissive');
  const { request } = await (
    await call(origin, 'POST', '/api/partner-requests', { receiverId: sub.id }, dom.cookie, 201)
  ).json();
  await (
    await call(origin, 'POST', `/api/partner-requests/${request.id}/accept`, {}, sub.cookie, 200)
  ).arrayBuffer();
  // The submissive confirms the first negotiation, without which nothing can be assigned (decision 058).
  await (
    await call(origin, 'POST', '/api/negotiation/confirm', { partnerId: dom.id }, sub.cookie, 200)
  ).arrayBuffer();
  const taskIds = [];
  for (let t = 0; t < tasks; t++) {
    const body = {
      title: `Task ${t} of couple ${label}`,
      description: 'A benchmark task with a short description.',
      dueDate: Date.now() + 24 * 3600_000,
      assignedTo: sub.id,
      photoProofRequired: false,
    };
    const { task } = await (await call(origin, 'POST', '/api/tasks', body, dom.cookie, 201)).json();
    taskIds.push(task.id);
  }
  return { dom, sub, taskIds };
}

/** `count` couples with `tasks` tasks each, a few at a time. */
export async function createCouples(origin, count, tasks) {
  const couples = [];
  await load(count, SETUP_CONCURRENCY, async (i) => {
    couples[i] = await createCouple(origin, i, tasks);
  });
  return couples;
}

/**
 * `count` accounts, dominants and submissives in turn, each signed in `sessions` times (registration gives
 * the first session): [{ id, email, cookies }].
 */
export async function signedInUsers(origin, count, sessions) {
  const users = [];
  await load(count, SETUP_CONCURRENCY, async (i) => {
    const { id, email, cookie } = await register(origin, `u${i}`, i % 2 ? 'submissive' : 'dominant');
    users[i] = { id, email, cookies: [cookie] };
  });
  await load(count * (sessions - 1), SETUP_CONCURRENCY, async (k) => {
    const user = users[k % count];
    const res = await call(
      origin,
      'POST',
      '/api/auth/login',
      { email: user.email, password: PASSWORD },
      null,
      200,
    );
    user.cookies.push(res.headers.getSetCookie()[0].split(';')[0]);
    await res.arrayBuffer();
  });
  return users;
}

/**
 * What the list routes show, made through the API for a couple of createCouple: `punishments`
 * punishments, `messages` journal messages (the two partners in turn), the first `completions` tasks
 * completed (history entries) and their contract opened. Notifications come with them, as in the app.
 */
export async function seedLists(origin, couple, { punishments = 0, messages = 0, completions = 0 } = {}) {
  const { dom, sub } = couple;
  const json = async (...args) => (await call(origin, ...args)).json();
  for (let p = 0; p < punishments; p++) {
    const body = { title: `Punishment ${p}`, description: 'A benchmark punishment.', assignedTo: sub.id };
    await json('POST', '/api/punishments', body, dom.cookie, 201);
  }
  for (let n = 0; n < messages; n++) {
    const [from, to] = n % 2 ? [sub, dom] : [dom, sub];
    const body = { partnerId: to.id, content: `Journal message ${n}, a sentence or two long.` };
    await json('POST', '/api/journal/messages', body, from.cookie, 201);
  }
  for (const id of couple.taskIds.slice(0, completions)) {
    await json('POST', `/api/tasks/${id}/complete`, {}, sub.cookie, 200);
  }
  const { contract } = await json('POST', '/api/contracts', { partnerId: sub.id }, dom.cookie, 201);
  couple.contractId = contract.id;
  couple.versionId = contract.versionId;
  return couple;
}
