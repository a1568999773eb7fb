import type { ReactNode } from "react";
import { cn } from "../lib/cn";

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell's classes, the same for every row or chosen per row. */
  className?: string | ((row: T) => string | undefined);
}

/**
 * A table on wide screens that becomes one card per row on phones: the same rows and cells, each cell
 * labelled with its column's header, so nothing scrolls sideways and there is one DOM for both widths.
 */
export function DataTable<T extends { id: number | string } | object>({
  rows,
  columns,
  rowKey = (row) => (row as { id: number | string }).id,
  rowTestId,
  caption,
}: {
  rows: readonly T[];
  columns: Column<T>[];
  /** Each row's React key; a row's `id` unless said otherwise. */
  rowKey?: (row: T) => string | number;
  rowTestId?: string;
  caption: string;
}) {
  // Wide screens scroll a table too wide for them; phones get cards instead. The scrolling box takes focus,
  // so it scrolls from the keyboard too, and is named by the table's caption.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="md:overflow-x-auto" tabIndex={0} aria-label={caption}>
      <table className="w-full text-left text-sm max-md:block">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="text-xs uppercase text-gray-500 max-md:hidden">
          <tr>
            {columns.map((c) => (
              <th key={c.header} className="py-2 pr-3 font-medium">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 max-md:block max-md:space-y-3 max-md:divide-y-0 dark:divide-gray-800">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              data-testid={rowTestId}
              className="max-md:block max-md:rounded-lg max-md:border max-md:border-gray-200 max-md:p-3 dark:max-md:border-gray-800"
            >
              {columns.map((c) => (
                <td
                  key={c.header}
                  data-label={c.header}
                  className={cn(
                    "py-2 pr-3 align-top max-md:flex max-md:justify-between max-md:gap-3 max-md:py-1 max-md:pr-0 max-md:text-right",
                    "max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:font-medium max-md:before:uppercase max-md:before:text-gray-500 max-md:before:content-[attr(data-label)]",
                    typeof c.className === "function" ? c.className(row) : c.className,
                  )}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
