import { count, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";
import { LIST_TOTAL_CAP, LIST_TOTAL_HEADER, SEARCH_TOTAL_CAP } from "../../contract/list-total";
import type { AppContext } from "../context";
import { type Database, type Db, prepared, rowsOf, sqlKey } from "../db/adapter";

/** A list's total as the header says it: the exact count, or "10000+" once the count stopped at its cap. */
export type ListTotal = number | `${number}+`;

/**
 * How many rows a list's filters match, counted to at most `cap` + 1: the count stops there, so it costs
 * the same at 10k and 1M rows, and beyond the cap the screen says "of 10,000+". A text search counts to a
 * lower cap: its matches are found by trigram, not read in index order, and cost more each. A count found
 * over the cap is taken to be over it for a few seconds (`OVER_CAP_MS`); a search's is always counted.
 */
export function countMatching(
  ctx: AppContext,
  table: PgTable,
  where: SQL | undefined,
  { search = false }: { search?: boolean } = {},
): Promise<ListTotal> {
  if (search && where) {
    return ctx.database.read(async (db) => {
      const [row] = await rowsOf<{ n: number }>(db, searchCount(table, where, SEARCH_TOTAL_CAP));
      return row!.n > SEARCH_TOTAL_CAP ? (`${SEARCH_TOTAL_CAP}+` as const) : row!.n;
    });
  }
  if (!where) return countOnce(ctx, getTableName(table), (db) => everyRowCount(table)(db, {}));
  return countOnce(ctx, `${getTableName(table)} ${sqlKey(where)}`, (db) =>
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(where)
        .limit(LIST_TOTAL_CAP + 1)
        .as("matched"),
    ),
  );
}

/**
 * A search's matches counted to `cap` + 1, planned as if every match were read (a materialized CTE is
 * planned apart from the limit outside it): through the trigram indexes when the matches are few, and in
 * table order only when they are many. Planned with the limit, PostgreSQL read the table in its order,
 * expecting a term's matches spread evenly; where they lay together, it read 1.2M of 3M messages (decision 57).
 */
const searchCount = (table: PgTable, where: SQL, cap: number): SQL =>
  sql`with matched as materialized (select 1 from ${table} where ${where})
      select count(*)::int as n from (select 1 from matched limit ${cap + 1}) as capped`;

/**
 * How long an instance takes a count it found over the cap (a table's rows, or those a filter matches) to be
 * over it still, without counting again. A table past 10,000 rows (invoices, the ledger, the audit trail, a
 * status's messages) does not fall below it in seconds, and counting its first 10,001 rows cost more than its
 * list's page at 1M orders (decisions 51 and 67). A count under the cap is made every time, so it is always
 * exact.
 */
export const OVER_CAP_MS = 5_000;
/** At most this many counts are remembered over the cap: the oldest sighting goes first. */
const OVER_CAP_KEPT = 500;
/** When each count was last found over the cap, by what it counts, per database handle (as the session cache). */
const overCap = new WeakMap<Database, Map<string, number>>();

/** Whether this instance found `key`'s count over the cap less than `OVER_CAP_MS` ago. */
export function seenOverCap(ctx: AppContext, key: string): boolean {
  const at = overCap.get(ctx.database)?.get(key);
  const now = ctx.clock.now().getTime();
  // A clock moved back (tests) counts again, as an old sighting does.
  return at !== undefined && now >= at && now - at < OVER_CAP_MS;
}

/** Notes a count of `key` to at most the cap and one more, and answers it as a list's total. */
export function noteCount(ctx: AppContext, key: string, n: number): ListTotal {
  const seen = overCap.get(ctx.database) ?? new Map<string, number>();
  overCap.set(ctx.database, seen);
  seen.delete(key);
  if (n <= LIST_TOTAL_CAP) return n;
  if (seen.size >= OVER_CAP_KEPT) seen.delete(seen.keys().next().value!);
  seen.set(key, ctx.clock.now().getTime());
  return `${LIST_TOTAL_CAP}+`;
}

/** A count to at most the cap and one more, unless this instance just found it over the cap. */
function countOnce(
  ctx: AppContext,
  key: string,
  count: (db: Db) => Promise<{ n: number }[]>,
): Promise<ListTotal> {
  if (seenOverCap(ctx, key)) return Promise.resolve(`${LIST_TOTAL_CAP}+`);
  return ctx.database.read(async (db) => noteCount(ctx, key, (await count(db))[0]!.n));
}

type RowCount = (db: Db, params: Record<never, never>) => Promise<{ n: number }[]>;
const everyRowCounts = new Map<PgTable, RowCount>();

/** A list's count without a filter, prepared once per table (decision 51): every unfiltered page sends it. */
function everyRowCount(table: PgTable): RowCount {
  let statement = everyRowCounts.get(table);
  if (!statement) {
    statement = prepared<Record<never, never>, { n: number }>(
      `count_${getTableName(table)}`,
      () =>
        sql`select count(*)::int as n from (select 1 from ${table} limit ${sql.raw(String(LIST_TOTAL_CAP + 1))}) as matched`,
    );
    everyRowCounts.set(table, statement);
  }
  return statement;
}

/**
 * A search's page and total, from the keys it looked up once for both (customers, addresses): the page is
 * read first, and when it is the last page its total is the rows before it and its own. Only a full page (or
 * an empty one past the first) is counted, so a rare term is read once rather than twice, and its page and
 * total agree. A search's count does the page's matching again (decision 70).
 */
export function searchPage<K, T>(
  keys: Promise<K>,
  at: { limit: number; offset: number },
  list: (keys: K) => Promise<T[]>,
  count: (keys: K) => Promise<ListTotal>,
): [Promise<T[]>, Promise<ListTotal>] {
  const page = keys.then(list);
  const total = page.then(async (rows) => {
    if (rows.length < at.limit && (rows.length > 0 || at.offset === 0)) return at.offset + rows.length;
    return count(await keys);
  });
  return [page, total];
}

/** Answers a page of a list with how many rows its filters match in the total header. */
export async function withTotal<T>(
  reply: FastifyReply,
  rows: Promise<T[]>,
  total: Promise<ListTotal>,
): Promise<T[]> {
  const [page, n] = await Promise.all([rows, total]);
  reply.header(LIST_TOTAL_HEADER, String(n));
  return page;
}
