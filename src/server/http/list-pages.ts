import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { type SortOrder, sortOrders } from "../../contract/pagination";
import { type Db, type Placeholders, prepared } from "../db/adapter";

type Page = { limit: number; offset: number };

/**
 * A list's pages as prepared statements, one for each declared sort and order (named `name_sort_order`):
 * the rows `select` writes, in the sort with the id as its tie-break (as `sortBy`), then `limit` and `offset`.
 * Staff page through lists all day, so each page's text is built once and each connection parses it once,
 * and the rows go to the client as the statement answers them (`answerOf`), mapped by no one (decision 51).
 * Each is planned once (`planOnce`): its plan, an index walked in the sort's order, does not depend on the
 * page, though PostgreSQL would otherwise plan it again for each one (decision 64).
 */
export function sortedPages<S extends string, P extends object, Row>(
  name: string,
  sorts: Record<S, AnyColumn | readonly AnyColumn[]>,
  tieBreak: AnyColumn,
  select: (p: Placeholders<P>) => SQL,
): (db: Db, query: { sort: S; order: SortOrder } & P & Page) => Promise<Row[]> {
  const statements = new Map<string, (db: Db, params: P & Page) => Promise<Row[]>>();
  for (const sort of Object.keys(sorts) as S[]) {
    for (const order of sortOrders) {
      const direction = sql.raw(order);
      // A sort may be several columns (a message's status, then its time), each in the sort's order.
      const keys = sql.join(
        [sorts[sort], tieBreak].flat().map((column) => sql`${column} ${direction}`),
        sql`, `,
      );
      const statement = prepared<P & Page, Row>(
        `${name}_${sort}_${order}`,
        (p) => sql`${select(p)} order by ${keys} limit ${p.limit}::int offset ${p.offset}::int`,
        { planOnce: true },
      );
      statements.set(`${sort} ${order}`, statement);
    }
  }
  return (db, query) => statements.get(`${query.sort} ${query.order}`)!(db, query);
}

/**
 * `sortedPages` of `select`, and of it where `column` equals the query's `key` (named `name_key`), chosen by
 * whether the query names a value for it: a list's one filter, such as an order's status.
 */
export function filteredPages<S extends string, K extends string, V, Row>(
  name: string,
  sorts: Record<S, AnyColumn | readonly AnyColumn[]>,
  tieBreak: AnyColumn,
  select: SQL,
  filter: { key: K; column: AnyColumn },
): (db: Db, query: { sort: S; order: SortOrder } & Page & { [key in K]?: V }) => Promise<Row[]> {
  const all = sortedPages<S, Record<never, never>, Row>(name, sorts, tieBreak, () => select);
  const type = sql.raw(filter.column.getSQLType());
  const filtered = sortedPages<S, Record<K, V>, Row>(
    `${name}_${filter.key}`,
    sorts,
    tieBreak,
    (p) => sql`${select} where ${filter.column} = ${p[filter.key]}::${type}`,
  );
  return (db, query) =>
    query[filter.key] === undefined ? all(db, query) : filtered(db, query as typeof query & Record<K, V>);
}
