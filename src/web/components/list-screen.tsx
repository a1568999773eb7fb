import type { UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useBeforeFirstPaint } from "../lib/first-paint";
import type { Page } from "../lib/use-page";
import { LoadError } from "./load-error";
import { PageHeader } from "./page-header";
import { Pager } from "./pager";
import { Card } from "./ui/card";
import { EmptyState } from "./ui/empty-state";
import { LoadingBars } from "./ui/loading-bars";
import { LoadingCards } from "./ui/loading-cards";
import { StatCard } from "./ui/stat-card";

export interface Stat {
  label: string;
  value: string | number | undefined;
  icon: LucideIcon;
  hint?: string;
}

/** The row of summary figures at the top of a screen; placeholders while they load. */
export function StatRow({ stats }: { stats: Stat[] | undefined }) {
  if (!stats) return <LoadingCards />;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {stats.map((s) => (
        <StatCard key={s.label} {...s} />
      ))}
    </div>
  );
}

/** Search and filter controls in a card, side by side from `sm` up: what `filters` usually holds. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <Card className="flex flex-col gap-3 p-4 sm:flex-row">{children}</Card>;
}

/**
 * A server list's states in one place: loading placeholders, a failure with Try again, the empty state,
 * or the rows (as a table or cards) with the pager under them.
 */
export function ListState<T>({
  query,
  page,
  label,
  empty,
  loading,
  children,
}: {
  query: UseQueryResult<T[]>;
  page?: Page;
  /** What the list holds, lower case: "customers", "shipments". */
  label: string;
  empty: { icon: LucideIcon; title: string; hint?: string; testId?: string; action?: ReactNode };
  /** A placeholder shaped like the list, instead of the usual bars. */
  loading?: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isLoading) return loading ?? <LoadingBars label={`Loading ${label}`} />;
  if (query.isError) return <LoadError label={label} onRetry={() => query.refetch()} />;
  const rows = page ? page.rowsOf(query.data) : (query.data ?? []);
  if (rows.length === 0 && (page?.offset ?? 0) === 0) {
    return <EmptyState {...empty} />;
  }
  return (
    <Rows rows={rows} pager={page && <Pager page={page} rows={query.data} label={label} />}>
      {children}
    </Rows>
  );
}

/** More than a screen holds, at a desktop's height, of cards or table rows. */
const FIRST_ROWS = 12;

/**
 * A long list's first render (the server's drawing, the takeover, a screen opened from the menu) has the rows
 * a screen shows first, so they paint as soon as they can; the rest, and the pager under them, come in the
 * render after. Until then a hidden `data-rows-pending` mark stands where the pager goes, so a script or test
 * that counts rows can wait for all of them.
 */
function Rows<T>({
  rows,
  pager,
  children,
}: {
  rows: T[];
  pager: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  const first = useBeforeFirstPaint() && rows.length > FIRST_ROWS;
  return (
    <>
      {children(first ? rows.slice(0, FIRST_ROWS) : rows)}
      {first ? <span hidden data-rows-pending="" /> : pager}
    </>
  );
}

/**
 * The back-office list screen: header with its actions, summary figures, filters, then the list: a table in
 * a card (titled when `listTitle` is given), or with `cards` a column of its own cards. Dialogs go in `dialogs`.
 */
export function ListScreen({
  title,
  subtitle,
  actions,
  stats,
  filters,
  listTitle,
  cards,
  children,
  dialogs,
}: {
  title: string;
  subtitle: string;
  actions?: ReactNode;
  /** The summary figures; undefined while they load. */
  /** The figures above the list; undefined while they load, null for a screen that has none. */
  stats: Stat[] | undefined | null;
  filters?: ReactNode;
  listTitle?: string;
  cards?: boolean;
  children: ReactNode;
  dialogs?: ReactNode;
}) {
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <div className="space-y-6">
        {stats !== null && <StatRow stats={stats} />}
        {filters}
        {cards ? (
          <div className="space-y-3">{children}</div>
        ) : (
          <Card className="p-4 sm:p-6">
            {listTitle && <h2 className="mb-4 text-lg font-semibold">{listTitle}</h2>}
            {children}
          </Card>
        )}
      </div>
      {dialogs}
    </div>
  );
}
