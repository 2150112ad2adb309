// Writes docs/query-plans.md: the plan PostgreSQL makes for each hot list read of Pact, as the module sends
// it, over the database src/server/test/query-plans.ts seeds (one couple with a long history among many).
// The same reads and the same database as src/server/db/query-plans.test.ts, which asserts what they show.
// Usage: tsx scripts/query-plans.ts                       (PGlite, in memory)
//        TEST_DATABASE_URL=postgres://… tsx scripts/query-plans.ts   (a database created there and dropped)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openTestDatabase } from '../src/server/test/database';
import {
  explain,
  GROWTH,
  HOT_QUERIES,
  readDeps,
  seedGrowth,
  statementsOf,
} from '../src/server/test/query-plans';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const test = await openTestDatabase(kind);
try {
  const seeded = await seedGrowth(test.database);
  const [version] = (
    (await (
      test.database.db as unknown as { $client: { query(s: string): Promise<{ rows: { v: string }[] }> } }
    ).$client.query("select current_setting('server_version') v")) as { rows: { v: string }[] }
  ).rows;
  const g = GROWTH;
  const out = [
    '# Query plans of the hot list reads',
    '',
    `Written by \`scripts/query-plans.ts\` on ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${version?.v ?? ''}; do not edit by`,
    'hand. `src/server/db/query-plans.test.ts` asserts on PGlite and PostgreSQL what these show: each read uses',
    'its index and never scans a whole table; where one key selects the rows, the index gives the order and',
    "there is no Sort; where several pairs (or a request's two sides) hold the rows, each one's read stops at",
    "the list's length and the Sort orders that bounded set (decision 047). Nothing is forced: `enable_seqscan`",
    'is on.',
    '',
    `The database: ${g.couples} couples with ${g.tasksPerCouple} tasks, ${g.historyPerCouple} history entries,`,
    `${g.punishmentsPerCouple} punishments, ${g.messagesPerCouple} messages and ${g.notificationsPerUser} notifications a person; the couple read has`,
    `${g.tasks} tasks, ${g.history} history entries, ${g.punishments} punishments, ${g.messages} messages, ${g.notifications} notifications, ${g.requests} requests`,
    `received and a contract of ${g.versions} versions; ${g.crowd} more people who send one another requests, in couples`,
    `with a contract of ${g.versionsPerContract} versions each. Statistics gathered (ANALYZE), as the server's database would have them.`,
    '',
    'Each read is shown with its custom plan (the values known: the first five executions of a prepared',
    'statement) and its generic plan (what PostgreSQL may keep after five).',
    '',
  ];
  for (const query of HOT_QUERIES) {
    const sent = await statementsOf(test.database, () => query.run(readDeps(test.database), seeded));
    const statement = sent.find((s) => query.pick(s.text));
    if (!statement) throw new Error(`no statement for ${query.name}`);
    out.push(
      `## ${query.name}`,
      '',
      `Index: \`${query.index}\`; ${
        query.ordered
          ? "read in the list's order, no Sort"
          : query.bounded
            ? "at most the list's length of ids a pair (or side) gathered from it under a Limit (InitPlan), in the index's order or, where the planner finds it cheaper for a long list, by a top-N sort of that pair's ids alone; then those rows by primary key, joined and sorted: a bounded set however long the history"
            : 'the rows of the one contract found by it, then sorted'
      }.`,
      '',
    );
    out.push('```sql', statement.text, '```', '');
    for (const mode of ['custom', 'generic'] as const) {
      const { text } = await explain(test.database, statement, mode);
      out.push(`${mode[0]!.toUpperCase()}${mode.slice(1)} plan:`, '', '```', text, '```', '');
    }
  }
  const file = path.resolve('docs/query-plans.md');
  writeFileSync(file, out.join('\n'));
  console.info(`query plans: wrote ${file}`);
} finally {
  await test.dispose();
}
