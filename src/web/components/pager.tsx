import { ChevronLeft, ChevronRight } from "lucide-react";
import type { Listed } from "../lib/api";
import { formatCount } from "../lib/format";
import type { Page } from "../lib/use-page";
import { Button } from "./ui/button";

/**
 * "Showing 51–100 of 1,206" with Previous and Next; hidden while everything fits on one page. The total is
 * the list answer's header (`rows`), or `total` where the answer carries its count in its body.
 */
export function Pager({
  page,
  rows,
  label,
  total = (rows as Listed<unknown> | undefined)?.total,
}: {
  page: Page;
  rows: readonly unknown[] | undefined;
  label: string;
  total?: number | string;
}) {
  const shown = page.rowsOf(rows).length;
  const hasNext = page.hasNext(rows);
  if (page.offset === 0 && !hasNext) return null;
  return (
    <nav className="mt-4 flex items-center justify-between gap-3 text-sm" aria-label={`${label} pages`}>
      <p className="text-gray-600 dark:text-gray-400" data-testid="pager-range">
        Showing {shown === 0 ? 0 : page.offset + 1}–{page.offset + shown}
        {total !== undefined && ` of ${formatCount(total)}`}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page.offset === 0} onClick={page.previous}>
          <ChevronLeft /> Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={page.next}>
          Next <ChevronRight />
        </Button>
      </div>
    </nav>
  );
}
