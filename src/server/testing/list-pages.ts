import { expect } from "vitest";
import { type SortOrder, sortOrders } from "../../contract/pagination";
import type { Db } from "../db/adapter";
import { t } from "./app-session";

type Query<S, F> = { sort: S; order: SortOrder; filter: F };

/**
 * A list's prepared page (`page`) against the rows Drizzle reads and maps for the same query (`expected`), for
 * each declared sort, both orders and each filter value; answers how many rows were compared.
 */
export async function expectPagesAsRead<S extends string, F>(
  sorts: readonly S[],
  filters: readonly F[],
  page: (db: Db, query: Query<S, F>) => Promise<unknown[]>,
  expected: (db: Db, query: Query<S, F>) => Promise<unknown[]>,
): Promise<number> {
  let compared = 0;
  for (const sort of sorts) {
    for (const order of sortOrders) {
      for (const filter of filters) {
        const query = { sort, order, filter };
        const rows = await t.database.read((db) => page(db, query));
        expect(rows, `${sort} ${order} ${String(filter)}`).toEqual(
          await t.database.read((db) => expected(db, query)),
        );
        compared += rows.length;
      }
    }
  }
  return compared;
}
