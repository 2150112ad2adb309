import { and, asc, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/** One JSON file of the archive, read whole (a few rows: the account, the contract). */
export interface JsonEntry {
  name: string;
  data: unknown;
}

/** One JSON file of the archive that is an array of rows, read a page at a time as the archive writes it. */
export interface RowsEntry {
  name: string;
  pages: () => AsyncIterable<unknown[]>;
}

/** One stored file of the archive: read from the media storage only when the archive reaches it. */
export interface FileEntry {
  name: string;
  storageKey: string;
}

/** Rows read per query (decision 044): the archive holds one page of rows and one file at a time. */
export const EXPORT_PAGE_ROWS = 500;

export interface Paging {
  /** Rows per query (EXPORT_PAGE_ROWS). */
  pageRows?: number;
  /** Told of every page read: the archive entry and its number of rows (tests). */
  onPage?: (entry: string, rows: number) => void;
}

/**
 * The rows of `table` matching `where`, in (`order`, `id`) order, a page per query: keyset pagination on
 * the pair, with the order column's value carried as PostgreSQL's own text (a timestamp keeps its
 * microseconds, which a JavaScript date would lose, so no row is read twice or skipped).
 */
export function keysetPages<Row>(
  db: Db,
  entry: string,
  paging: Paging,
  q: { table: PgTable; where: SQL | undefined; order: PgColumn; id: PgColumn; map?: (row: never) => Row },
): () => AsyncIterable<Row[]> {
  const size = paging.pageRows ?? EXPORT_PAGE_ROWS;
  const type = sql.raw(q.order.getSQLType());
  return async function* () {
    let after: { key: string; id: string } | null = null;
    for (;;) {
      const cursor = after
        ? sql`(${q.order}, ${q.id}) > (cast(${after.key} as ${type}), ${after.id})`
        : undefined;
      const rows = (await db
        .select({ ...getTableColumns(q.table), exportKey: sql<string>`${q.order}::text` })
        .from(q.table)
        .where(and(q.where, cursor))
        .orderBy(asc(q.order), asc(q.id))
        .limit(size)) as unknown as (Record<string, unknown> & { exportKey: string })[];
      paging.onPage?.(entry, rows.length);
      if (rows.length === 0) return;
      const last = rows.at(-1)!;
      after = { key: last.exportKey, id: last.id as string };
      yield rows.map(({ exportKey: _key, ...row }) => (q.map ? q.map(row as never) : (row as Row)));
      if (rows.length < size) return;
    }
  };
}

export const extensionOf = (mime: string) =>
  ({ 'image/jpeg': 'jpg', 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/aac': 'aac' })[
    mime
  ] ?? 'bin';
