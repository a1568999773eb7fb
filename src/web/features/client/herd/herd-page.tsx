import { useQuery } from "@tanstack/react-query";
import { BellRing, ChevronRight, PawPrint } from "lucide-react";
import { Link } from "wouter";
import type { Cow } from "../../../../contract/herd";
import { ListState } from "../../../components/list-screen";
import { Card } from "../../../components/ui/card";
import { LoadingBars } from "../../../components/ui/loading-bars";
import { formatFullDay } from "../../../lib/format";
import { useT } from "../../../lib/i18n/i18n";
import { usePage } from "../../../lib/use-page";
import { ClientLayout } from "../client-layout";
import { AddCowForm } from "./add-cow-form";
import { herdQueries } from "./api";
import { CowImport } from "./cow-import";
import { CowName, CowStatusBadge, NextReminder } from "./cow-words";

const cowPath = (id: number) => `/client-herd/${id}`;

function CowCard({ cow }: { cow: Cow }) {
  const t = useT();
  return (
    <Card className="p-4" data-testid="cow">
      <Link
        href={cowPath(cow.id)}
        className="flex items-center justify-between gap-3"
        aria-label={t("herd.open", { tag: cow.tag })}
      >
        <div className="min-w-0 space-y-1">
          <p className="break-words font-semibold">
            <CowName cow={cow} />
          </p>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {cow.breed} · {t("herd.calvings", { count: cow.parity })}
          </p>
          {cow.lastEvent && (
            <p className="text-xs text-gray-500">
              {t("herd.last", {
                what: t(`event.${cow.lastEvent.type}`),
                date: formatFullDay(cow.lastEvent.date),
              })}
            </p>
          )}
          <NextReminder cow={cow} className="text-xs" />
        </div>
        <span className="flex shrink-0 items-center gap-2">
          <CowStatusBadge cow={cow} />
          <ChevronRight className="h-5 w-5 text-gray-400" aria-hidden />
        </span>
      </Link>
    </Card>
  );
}

/** What the cow calendar will text next, soonest first. */
function Calendar() {
  const t = useT();
  const calendar = useQuery(herdQueries.calendar());
  return (
    <section aria-labelledby="cow-calendar" className="space-y-2">
      <h2 id="cow-calendar" className="flex items-center gap-2 text-lg font-semibold">
        <BellRing className="h-5 w-5 text-brand-700" aria-hidden /> {t("herd.calendar")}
      </h2>
      {calendar.isLoading ? (
        <LoadingBars label={t("common.loading")} />
      ) : calendar.data?.length ? (
        <ul className="space-y-2" data-testid="calendar">
          {calendar.data.slice(0, 12).map((r) => (
            <li
              key={r.id}
              className="flex flex-wrap justify-between gap-x-3 rounded-md bg-white p-3 text-sm dark:bg-gray-900"
            >
              <span>
                <strong>{t(`reminder.${r.kind}`)}</strong> · {r.cowName ?? r.cowTag}
              </span>
              <span className="tabular-nums">{formatFullDay(r.dueOn)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("herd.calendarNone")}</p>
      )}
    </section>
  );
}

function Herd() {
  const t = useT();
  const page = usePage([], 50);
  const cows = useQuery(herdQueries.cows(page.params));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t("herd.title")}</h1>
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("herd.intro")}</p>
      </div>
      <Card className="p-4">
        <h2 className="mb-3 font-semibold">{t("herd.add")}</h2>
        <AddCowForm />
        <div className="mt-4 border-t border-gray-100 pt-4 dark:border-gray-800">
          <CowImport />
        </div>
      </Card>
      <section aria-label={t("herd.list")} className="space-y-3">
        <ListState
          query={cows}
          page={page}
          label={t("herd.list")}
          loading={<LoadingBars label={t("common.loading")} />}
          empty={{ icon: PawPrint, title: t("herd.none"), hint: t("herd.noneHint") }}
        >
          {(rows) => rows.map((c) => <CowCard key={c.id} cow={c} />)}
        </ListState>
      </section>
      <Calendar />
    </div>
  );
}

/** /client-herd: the farmer's cows, a quick way to add one, and the cow calendar. */
export default function HerdPage() {
  return (
    <ClientLayout>
      <Herd />
    </ClientLayout>
  );
}
