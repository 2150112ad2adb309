import type { Actor } from '../auth/session';
import type { Database } from '../db/client';
import type { AppDeps } from '../deps';
import { getContractHistory } from '../modules/contracts/contracts.queries';
import { listMessages } from '../modules/journal/journal.queries';
import { listNotifications } from '../modules/notifications/notifications.service';
import { listRequestsOf } from '../modules/partners/partners.queries';
import { listPunishments } from '../modules/punishments/punishments.queries';
import { listHistory, listTasks } from '../modules/tasks/tasks.queries';

/**
 * The hot list reads of Pact, planned by PostgreSQL over a database of realistic size: 30 couples with a
 * history of some months each, and one couple (the one read) with a long one. Used by query-plans.test.ts (the
 * plans use their indexes) and scripts/query-plans.ts (docs/query-plans.md).
 */
export const GROWTH = {
  couples: 30,
  tasksPerCouple: 300,
  tasks: 2000,
  historyPerCouple: 300,
  history: 2000,
  punishmentsPerCouple: 100,
  punishments: 1000,
  messagesPerCouple: 500,
  messages: 5000,
  notificationsPerUser: 200,
  notifications: 10_000,
  crowd: 600,
  requests: 200,
  versionsPerContract: 10,
  versions: 500,
} as const;

export interface Seeded {
  dominant: Actor;
  submissive: Actor;
  contractId: string;
}

type Raw = { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
const rawClient = (database: Database) => (database.db as unknown as { $client: Raw }).$client;

/** Fills the database in SQL (thousands of rows a statement), then gathers the planner's statistics. */
export async function seedGrowth(database: Database): Promise<Seeded> {
  const c = rawClient(database);
  const g = GROWTH;
  const q = (text: string, params?: unknown[]) => c.query(text, params);
  await q(
    `insert into users (display_name, email, role, username)
     select 'Person ' || n, 'plan-' || n || '@example.com', case when n % 2 = 0 then 'dominant' else 'submissive' end, 'plan' || n
     from generate_series(1, $1::int * 2) n`,
    [g.couples],
  );
  await q(
    `insert into pairs (dominant_id, submissive_id, created_at)
     select d.id, s.id, now() - make_interval(days => d.r::int)
     from (select id, row_number() over (order by email) r from users where role = 'dominant') d
     join (select id, row_number() over (order by email) r from users where role = 'submissive') s on s.r = d.r`,
  );
  await q(
    `insert into partners (user_id, partner_id) select dominant_id, submissive_id from pairs
     union all select submissive_id, dominant_id from pairs`,
  );
  const [pair] = (await q(`select id, dominant_id, submissive_id from pairs order by created_at limit 1`))
    .rows as {
    id: string;
    dominant_id: string;
    submissive_id: string;
  }[];
  const { id: pairId, dominant_id: domId, submissive_id: subId } = pair!;
  // Every couple's rows, then the long history of the one read: `count` rows each, a second apart.
  const perPair = (per: number, big: number) =>
    `from pairs p, generate_series(1, case when p.id = '${pairId}' then ${big} else ${per} end) n`;
  await q(
    `insert into tasks (pair_id, title, due_date, assigned_by, assigned_to, created_at, updated_at)
     select p.id, 'Task ' || n, now() + interval '1 day', p.dominant_id, p.submissive_id,
            now() - make_interval(secs => n), now() - make_interval(secs => n)
     ${perPair(g.tasksPerCouple, g.tasks)}`,
  );
  await q(
    `insert into task_completions (pair_id, title, task_type, completed_by, assigned_by, assigned_to, completed_at, due_date_at_time, on_time)
     select p.id, 'Done ' || n, 'assigned', p.submissive_id, p.dominant_id, p.submissive_id,
            now() - make_interval(secs => n), now() - make_interval(secs => n), true
     ${perPair(g.historyPerCouple, g.history)}`,
  );
  await q(
    `insert into punishments (pair_id, assigned_by, assigned_to, title, created_at, updated_at)
     select p.id, p.dominant_id, p.submissive_id, 'Punishment ' || n,
            now() - make_interval(secs => n), now() - make_interval(secs => n)
     ${perPair(g.punishmentsPerCouple, g.punishments)}`,
  );
  await q(
    `insert into journal_messages (pair_id, sender_id, receiver_id, content, created_at)
     select p.id, case when n % 2 = 0 then p.dominant_id else p.submissive_id end,
            case when n % 2 = 0 then p.submissive_id else p.dominant_id end, 'Message ' || n, now() - make_interval(secs => n)
     ${perPair(g.messagesPerCouple, g.messages)}`,
  );
  await q(
    `insert into notifications (user_id, type, title, message, read, created_at, updated_at)
     select u.id, 'task_assigned', 'New task', 'A task', n % 3 = 0, now() - make_interval(secs => n), now() - make_interval(secs => n)
     from users u, generate_series(1, case when u.id = '${subId}' then ${g.notifications} else ${g.notificationsPerUser} end) n`,
  );
  // Connection requests: each couple's own, a crowd of people asking one another, and many asking the one read.
  await q(
    `insert into users (display_name, email, role, username)
     select 'Someone ' || n, 'crowd-' || n || '@example.com', 'switch', 'crowd' || n from generate_series(1, $1::int) n`,
    [g.crowd],
  );
  await q(
    `insert into partner_requests (sender_id, receiver_id, status, display_name, role, created_at, updated_at)
     select dominant_id, submissive_id, 'accepted', 'Person', 'dominant', created_at, created_at from pairs
     union all
     select a.id, b.id, 'rejected', 'Someone', 'dominant', now() - make_interval(mins => a.r::int), now()
     from (select id, row_number() over (order by email) r from users where email like 'crowd-%') a
     join (select id, row_number() over (order by email) r from users where email like 'crowd-%') b
       on b.r in (a.r % $1::int + 1, (a.r + 7) % $1::int + 1, (a.r + 31) % $1::int + 1)
     union all
     select a.id, '${subId}', 'rejected', 'Someone', 'dominant', now() - make_interval(mins => a.r::int), now()
     from (select id, row_number() over (order by email) r from users where email like 'crowd-%') a where a.r <= $2::int`,
    [g.crowd, g.requests],
  );
  // Couples of the crowd, each with a short contract, so that one contract's rows are a small part of the tables.
  await q(
    `insert into pairs (dominant_id, submissive_id)
     select a.id, b.id from (select id, row_number() over (order by email) r from users where email like 'crowd-%') a
     join (select id, row_number() over (order by email) r from users where email like 'crowd-%') b on b.r = a.r + 1 where a.r % 2 = 1`,
  );
  // A contract with a long history. The chain is not valid (plans only need rows); the rules are not read.
  const [contract] = (await q(`insert into contracts (pair_id) values ($1) returning id`, [pairId])).rows as {
    id: string;
  }[];
  const contractId = contract!.id;
  await q(
    `insert into contract_versions (contract_id, number, content, sha256, edited_by, created_at)
     select $1, n, 'Version ' || n, repeat('a', 64), $2, now() - make_interval(mins => $3::int - n)
     from generate_series(1, $3::int) n`,
    [contractId, domId, g.versions],
  );
  await q(
    `insert into contract_events (contract_id, seq, kind, actor_id, actor_role, version_id, version_sha256, prev_hash, hash, created_at)
     select v.contract_id, v.number, case when v.number = 1 then 'created' else 'edited' end, $2, 'dominant', v.id, v.sha256,
            repeat('0', 64), repeat('b', 64), v.created_at
     from contract_versions v where v.contract_id = $1`,
    [contractId, domId],
  );
  await q(
    `update contracts set current_version_id = (select id from contract_versions where contract_id = $1 and number = $2) where id = $1`,
    [contractId, g.versions],
  );
  await q(
    `with c as (insert into contracts (pair_id) select id from pairs where id <> $1 returning id)
     insert into contract_versions (contract_id, number, content, sha256) select c.id, n, 'Text', repeat('a', 64) from c, generate_series(1, $2::int) n`,
    [pairId, g.versionsPerContract],
  );
  await q(
    `insert into contract_events (contract_id, seq, kind, version_id, version_sha256, prev_hash, hash)
     select v.contract_id, v.number, 'edited', v.id, v.sha256, repeat('0', 64), repeat('b', 64) from contract_versions v where v.contract_id <> $1`,
    [contractId],
  );
  await q('analyze');
  const actor = (id: string, role: 'dominant' | 'submissive'): Actor => ({
    id,
    name: 'Person',
    role,
    sessionRole: null,
    actingRole: role,
  });
  return { dominant: actor(domId, 'dominant'), submissive: actor(subId, 'submissive'), contractId };
}

export interface HotQuery {
  name: string;
  /** The read, through the module's own function. */
  run(deps: AppDeps, s: Seeded): Promise<unknown>;
  /** Which of the statements the read sends is this one. */
  pick: (sql: string) => boolean;
  /** The index the plan must read. */
  index: string;
  /**
   * True when the index delivers the list's order (no Sort). The role-scoped lists read the rows of every
   * active pair the actor holds in that role (`pair_id in (…)`), the requests those sent or received (`or`):
   * the index finds only those rows, and a sort orders them; the contract's history is read whole, where
   * PostgreSQL prefers a bitmap read of the contract's rows and a sort in memory (decision 047).
   */
  ordered: boolean;
  /**
   * The list's table when its read is bounded: the ids of at most the list's length of rows a pair (or a
   * side) are gathered first, each pair's read stopped by a Limit, then the rows found by primary key, so
   * that the joins and the Sort above see at most that many rows a pair however long the history
   * (decision 047; unboundedReadsOf).
   */
  bounded?: string;
}

export const HOT_QUERIES: HotQuery[] = [
  {
    name: 'tasks (GET /api/tasks, dominant)',
    run: (deps, s) => listTasks(deps, s.dominant),
    pick: (sql) => sql.includes('from "tasks"') && sql.includes('order by'),
    index: 'tasks_live_pair_created_idx',
    ordered: false,
    bounded: 'tasks',
  },
  {
    name: 'task history (GET /api/tasks/history, submissive)',
    run: (deps, s) => listHistory(deps, s.submissive),
    pick: (sql) => sql.includes('from "task_completions"') && sql.includes('order by'),
    index: 'task_completions_pair_completed_idx',
    ordered: false,
    bounded: 'task_completions',
  },
  {
    name: 'punishments (GET /api/punishments, submissive)',
    run: (deps, s) => listPunishments(deps, s.submissive),
    pick: (sql) => sql.includes('from "punishments"') && sql.includes('order by'),
    index: 'punishments_pair_created_idx',
    ordered: false,
    bounded: 'punishments',
  },
  {
    name: 'journal, newest page (GET /api/journal/messages?partnerId=)',
    run: (deps, s) => listMessages(deps, s.submissive, { partnerId: s.dominant.id }),
    pick: (sql) => sql.includes('from "journal_messages"') && sql.includes('order by'),
    index: 'journal_messages_pair_created_idx',
    ordered: true,
  },
  {
    name: 'journal, an older page (GET /api/journal/messages?partnerId=&before=)',
    run: (deps, s) =>
      listMessages(deps, s.submissive, {
        partnerId: s.dominant.id,
        before: { at: Date.now() - 2000 * 1000, id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' },
      }),
    pick: (sql) => sql.includes('from "journal_messages"') && sql.includes('order by'),
    index: 'journal_messages_pair_created_idx',
    ordered: true,
  },
  {
    name: 'notifications (GET /api/notifications)',
    run: (deps, s) => listNotifications(deps, s.submissive),
    pick: (sql) => sql.includes('from "notifications"') && sql.includes('order by'),
    index: 'notifications_user_created_idx',
    ordered: true,
  },
  {
    name: 'partner requests (GET /api/partners/requests)',
    run: (deps, s) => listRequestsOf(deps.db, s.submissive.id),
    pick: (sql) => sql.includes('from "partner_requests"') && sql.includes('order by'),
    index: 'partner_requests_receiver_created_idx',
    ordered: false,
    bounded: 'partner_requests',
  },
  {
    name: 'contract history: events (GET /api/contracts/:id/history)',
    run: (deps, s) => getContractHistory(deps, s.dominant, { id: s.contractId }).catch(() => null),
    pick: (sql) =>
      sql.includes('from "contract_events"') && sql.endsWith('order by "contract_events"."seq" asc'),
    index: 'contract_events_seq_uq',
    ordered: false,
  },
  {
    name: 'contract history: versions (GET /api/contracts/:id/history)',
    run: (deps, s) => getContractHistory(deps, s.dominant, { id: s.contractId }).catch(() => null),
    pick: (sql) =>
      sql.includes('from "contract_versions"') && sql.endsWith('order by "contract_versions"."number" asc'),
    index: 'contract_versions_number_uq',
    ordered: false,
  },
];

interface Sent {
  text: string;
  params: unknown[];
}

/** The statements a read sends, recorded at the driver (PGlite's query, or the pg pool's). */
export async function statementsOf(database: Database, read: () => Promise<unknown>): Promise<Sent[]> {
  const client = rawClient(database) as Raw & { query: (...args: unknown[]) => Promise<unknown> };
  const original = client.query;
  const sent: Sent[] = [];
  client.query = function (this: unknown, first: unknown, params?: unknown, ...rest: unknown[]) {
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    const values = Array.isArray(params) ? params : ((first as { values?: unknown[] }).values ?? []);
    sent.push({ text, params: values });
    return (original as (...a: unknown[]) => Promise<unknown>).call(this, first, params, ...rest);
  } as typeof client.query;
  try {
    await read();
  } finally {
    client.query = original;
  }
  return sent;
}

const literal = (value: unknown) =>
  value === null || value === undefined
    ? 'null'
    : typeof value === 'number'
      ? String(value)
      : `'${String(value instanceof Date ? value.toISOString() : value).replace(/'/g, "''")}'`;

export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

export type PlanMode = 'custom' | 'generic';

/**
 * The plan PostgreSQL makes for a statement as the app sends it (prepared, values bound): the custom plan
 * of its first executions, or the generic plan it may switch to after five.
 */
export async function explain(database: Database, statement: Sent, mode: PlanMode) {
  const run = async (c: Raw) => {
    await c.query(`set plan_cache_mode = force_${mode}_plan`);
    await c.query(`prepare plan_probe as ${statement.text}`);
    try {
      const call = `execute plan_probe${statement.params.length ? `(${statement.params.map(literal).join(', ')})` : ''}`;
      const json = await c.query(`explain (format json) ${call}`);
      const text = await c.query(`explain ${call}`);
      const plan = json.rows[0]!['QUERY PLAN'] as [{ Plan: PlanNode }] | string as unknown;
      const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
      return {
        plan: parsed[0].Plan,
        text: text.rows.map((r) => r['QUERY PLAN'] as string).join('\n'),
      };
    } finally {
      await c.query('deallocate plan_probe');
      await c.query('reset plan_cache_mode');
    }
  };
  if (database.kind === 'pglite') return run(rawClient(database));
  const pool = rawClient(database) as unknown as { connect(): Promise<Raw & { release(): void }> };
  const client = await pool.connect();
  try {
    return await run(client);
  } finally {
    client.release();
  }
}

/** Every node of a plan. */
export function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** The nodes that produce the rows, without the subqueries run once for a value (the pair's id). */
export function mainNodesOf(plan: PlanNode): PlanNode[] {
  const main = (plan.Plans ?? []).filter(
    (p) => p['Parent Relationship'] !== 'InitPlan' && p['Parent Relationship'] !== 'SubPlan',
  );
  return [plan, ...main.flatMap(mainNodesOf)];
}

/**
 * What keeps a bounded list read (`bounded` above) from being one: every read of `index` must sit in the
 * InitPlan that gathers the ids, under a Limit (a pair's or a side's read stops at the list's length,
 * whether the index gives the order or a top-N sort of that one pair's rows does, the planner's choice by
 * cost), and the main plan must reach `table` by its primary key only (the joins and the Sort see the ids
 * gathered, never every row of the actor). Empty when the read is bounded.
 */
export function unboundedReadsOf(plan: PlanNode, index: string, table: string): string[] {
  const problems: string[] = [];
  const main = new Set(mainNodesOf(plan));
  const walk = (node: PlanNode, limited: boolean) => {
    const here = limited || (!main.has(node) && node['Node Type'] === 'Limit');
    if (node['Index Name'] === index && (main.has(node) || !here))
      problems.push(
        `${node['Node Type']} on ${index} ${main.has(node) ? 'in the main plan' : 'under no Limit'}`,
      );
    // A bitmap read names its index in the Bitmap Index Scans below it.
    const by =
      node['Node Type'] === 'Bitmap Heap Scan'
        ? [
            ...new Set(
              nodesOf(node)
                .map((n) => n['Index Name'])
                .filter(Boolean),
            ),
          ].join(', ')
        : node['Index Name'];
    if (main.has(node) && node['Relation Name'] === table && by !== `${table}_pkey`)
      problems.push(`${node['Node Type']} of ${table} in the main plan by ${by || 'no index'}`);
    for (const child of node.Plans ?? []) walk(child, here);
  };
  walk(plan, false);
  return problems;
}

/** The deps a read needs: the database and a clock. */
export const readDeps = (database: Database) =>
  ({ db: database.db, clock: () => new Date() }) as unknown as AppDeps;
