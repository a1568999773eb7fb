import { type AnyColumn, asc, desc, type SQL } from "drizzle-orm";
import type { SortOrder } from "../../contract/pagination";

/**
 * The ORDER BY of a list's declared sort (`columns` maps each field the contract declares to its column),
 * with `tieBreak` (the id) in the same direction so that pages never overlap or skip a row.
 */
export function sortBy<F extends string>(
  columns: Record<F, AnyColumn | SQL>,
  query: { sort: F; order: SortOrder },
  tieBreak: AnyColumn,
): SQL[] {
  const direction = query.order === "asc" ? asc : desc;
  return [direction(columns[query.sort]), direction(tieBreak)];
}
