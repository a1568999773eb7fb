import { useEffect, useRef } from "react";
import { useListParams } from "./use-list-params";

/** Rows a list screen shows at a time. */
export const PAGE_SIZE = 50;

export interface Page {
  /** What to send: one row more than the page, so the answer tells whether a next page exists. */
  params: { limit: number; offset: number };
  /** The page's rows, without the look-ahead row. */
  rowsOf: <T>(rows: readonly T[] | undefined) => T[];
  hasNext: (rows: readonly unknown[] | undefined) => boolean;
  offset: number;
  next: () => void;
  previous: () => void;
}

/**
 * Paging through a server list by limit and offset, with the page number in the address (`?page=3`, or
 * `key`) so Back and a reload return to it. Asking one row more than the page needs no count query (counts
 * grow with the table; a look-ahead row does not). The page goes back to the first when `resetOn` changes,
 * so a new search starts at its first result.
 */
export function usePage(resetOn: unknown = null, size = PAGE_SIZE, key = "page"): Page {
  const { values, set } = useListParams({ [key]: "1" });
  // Naming `page` (left as it is, unless it is this pager's own) keeps the screen's main page.
  const turnTo = (value: string | null) => set({ page: undefined, [key]: value });
  const number = Math.max(1, Number.parseInt(values[key] ?? "1", 10) || 1);
  // The page belongs to the filters it was chosen under; other filters start at the first page in the same
  // render, so a new search never first asks for a page of the old one.
  const filters = JSON.stringify(resetOn);
  const chosenUnder = useRef(filters);
  const stale = chosenUnder.current !== filters;
  useEffect(() => {
    if (!stale) return;
    chosenUnder.current = filters;
    if (number > 1) turnTo(null);
  });
  const offset = stale ? 0 : (number - 1) * size;
  const move = (to: number) => turnTo(to <= 0 ? null : String(to / size + 1));
  return {
    params: { limit: size + 1, offset },
    rowsOf: (rows) => (rows ?? []).slice(0, size),
    hasNext: (rows) => (rows?.length ?? 0) > size,
    offset,
    next: () => move(offset + size),
    previous: () => move(offset - size),
  };
}
