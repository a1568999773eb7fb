import { useState } from "react";

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
 * Paging through a server list by limit and offset. Asking one row more than the page needs no count query
 * (counts grow with the table; a look-ahead row does not). The page goes back to the first when `resetOn`
 * changes, so a new search starts at its first result.
 */
export function usePage(resetOn: unknown = null, size = PAGE_SIZE): Page {
  // The offset belongs to the filters it was chosen under; other filters start at 0 in the same render,
  // so a new search never first asks for a page of the old one.
  const filters = JSON.stringify(resetOn);
  const [at, setAt] = useState({ filters, offset: 0 });
  const offset = at.filters === filters ? at.offset : 0;
  const move = (to: number) => setAt({ filters, offset: Math.max(0, to) });
  return {
    params: { limit: size + 1, offset },
    rowsOf: (rows) => (rows ?? []).slice(0, size),
    hasNext: (rows) => (rows?.length ?? 0) > size,
    offset,
    next: () => move(offset + size),
    previous: () => move(offset - size),
  };
}
