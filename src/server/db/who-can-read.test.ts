import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { WHO_CAN_READ } from '@/shared/texts/who-can-read';
import * as schema from './schema';

/**
 * Holds the page "Who can read what" (decision 082) true to the schema: every column that can hold text,
 * JSON or bytes is either named by the operator's statement or listed here, with why it holds nothing of a
 * person's; and every table and column the statement names exists. A new column fails this test until the
 * page says who can read it.
 */
const NOT_PERSONAL: Record<string, Record<string, string>> = {
  job_runs: { name: 'the name of a periodic job' },
  idempotency_keys: {
    key: 'a random key the browser made for one write',
    scope: 'the route it was for',
    resource_id: 'the id of what it made',
  },
  reminders_sent: { key: 'a reminder named by ids and times' },
};

/** Column types that can hold what someone wrote or sent: text, JSON, bytes. */
const CAN_HOLD_CONTENT = /^Pg(Text|Varchar|Char|Json|Jsonb|CustomColumn|Bytea)$/;

const tables = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableConfig(table as PgTable));

const named = new Map<string, Set<string>>();
for (const item of WHO_CAN_READ.sections.flatMap((s) => s.items)) {
  for (const stored of item.stored ?? []) {
    const columns = named.get(stored.table) ?? new Set();
    for (const column of stored.columns) columns.add(column);
    named.set(stored.table, columns);
  }
}

describe('who can read what, against the database schema', () => {
  it('names every column that can hold personal content', () => {
    const unnamed: string[] = [];
    for (const table of tables) {
      for (const column of table.columns) {
        if (!CAN_HOLD_CONTENT.test(column.columnType)) continue;
        if (named.get(table.name)?.has(column.name)) continue;
        if (NOT_PERSONAL[table.name]?.[column.name]) continue;
        unnamed.push(`${table.name}.${column.name}`);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('names only tables and columns that exist', () => {
    const missing: string[] = [];
    for (const [tableName, columns] of named) {
      const table = tables.find((t) => t.name === tableName);
      if (!table) {
        missing.push(tableName);
        continue;
      }
      for (const column of columns) {
        if (!table.columns.some((c) => c.name === column)) missing.push(`${tableName}.${column}`);
      }
    }
    for (const [tableName, columns] of Object.entries(NOT_PERSONAL)) {
      const table = tables.find((t) => t.name === tableName);
      for (const column of Object.keys(columns)) {
        if (!table?.columns.some((c) => c.name === column))
          missing.push(`${tableName}.${column} (not personal)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says plainly what the operator can read: a sealed journal’s texts not, voice notes and proofs yes', () => {
    const operator = WHO_CAN_READ.sections.find((s) => s.id === 'operator')!;
    expect(operator.intro).toMatch(/journal’s texts are end-to-end encrypted once you and your partner/);
    expect(operator.intro).toMatch(/Everything else below it CAN read, including voice notes and proofs/);
    expect(named.get('journal_messages')).toContain('content');
    expect(named.get('media_blobs')).toContain('data');
  });
});
