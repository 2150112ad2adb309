import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, openTestDatabase, type TestDatabase } from '../test/database';
import {
  explain,
  HOT_QUERIES,
  mainNodesOf,
  nodesOf,
  type PlanMode,
  readDeps,
  type Seeded,
  seedGrowth,
  statementsOf,
  unboundedReadsOf,
} from '../test/query-plans';

const SORTS = new Set(['Sort', 'Incremental Sort']);
const SCANS_ALL = new Set(['Seq Scan']);

/**
 * Each hot list read, as the module sends it, planned by PostgreSQL over a database where one couple has a
 * long history among many couples: it reads its index, never the whole table, and (where one key selects
 * the rows) in the list's own order, with no Sort; where several pairs or sides do, each one's read in the
 * list's order stops at the list's length, so the Sort above orders a bounded set. Nothing is forced
 * (enable_seqscan stays on).
 */
describe.each(databases())('the plans of the hot list reads on %s', (kind) => {
  let test: TestDatabase;
  let seeded: Seeded;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
    seeded = await seedGrowth(test.database);
  }, 120_000);
  afterAll(() => test?.dispose());

  const cases = HOT_QUERIES.flatMap((q) =>
    (['custom', 'generic'] as PlanMode[]).map((mode) => [q, mode] as const),
  );
  it.each(cases.map(([q, mode]) => [`${q.name}, the ${mode} plan`, q, mode] as const))(
    '%s reads its index',
    async (_name, query, mode) => {
      const sent = await statementsOf(test.database, () => query.run(readDeps(test.database), seeded));
      const statement = sent.find((s) => query.pick(s.text));
      expect(statement, `the statement of ${query.name}`).toBeDefined();
      const { plan, text } = await explain(test.database, statement!, mode);
      const nodes = nodesOf(plan);
      expect(
        nodes.map((n) => n['Index Name']),
        text,
      ).toContain(query.index);
      const bigTables = [
        'tasks',
        'task_completions',
        'punishments',
        'journal_messages',
        'notifications',
        'partner_requests',
        'contract_events',
        'contract_versions',
      ];
      expect(
        nodes.filter((n) => SCANS_ALL.has(n['Node Type']) && bigTables.includes(n['Relation Name'] ?? '')),
        text,
      ).toEqual([]);
      if (query.bounded) expect(unboundedReadsOf(plan, query.index, query.bounded), text).toEqual([]);
      if (query.ordered)
        expect(
          mainNodesOf(plan).filter((n) => SORTS.has(n['Node Type'])),
          text,
        ).toEqual([]);
    },
  );
});
