import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, MessageSquare, SearchX } from "lucide-react";
import { useParams } from "wouter";
import type { Cow, CowEvent } from "../../../../contract/herd";
import { LinkButton } from "../../../components/link-button";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingBars } from "../../../components/ui/loading-bars";
import { formatFullDay } from "../../../lib/format";
import { useT } from "../../../lib/i18n/i18n";
import { ClientLayout } from "../client-layout";
import { lineName } from "../product-words";
import { herdQueries, useUpdateCow } from "./api";
import { CowName, CowStatusBadge, NextReminder } from "./cow-words";
import { EventForm } from "./event-form";
import { Visits } from "./visits";

/** An event's particulars in a line: the straw and batch, the PD's result, the calf, why she left. */
function useDetails() {
  const t = useT();
  return (e: CowEvent): string =>
    [
      e.straw && lineName({ ...e.straw, name: e.straw.productName }),
      e.batch && t("cow.batch", { batch: e.batch }),
      e.otherSemen,
      e.time,
      e.technician,
      e.result && t(e.result === "pregnant" ? "cow.pregnant" : "cow.open"),
      e.method && t(`method.${e.method}`),
      e.ease && t(`ease.${e.ease}`),
      e.calfSex && t(`sex.${e.calfSex}`),
      e.calfTag && t("cow.calf", { tag: e.calfTag }),
      e.reason && t(`exit.${e.reason}`),
      e.source === "sms" && t("cow.bySms"),
      e.notes,
    ]
      .filter(Boolean)
      .join(" · ");
}

function Reminders({ cow }: { cow: Cow }) {
  const t = useT();
  const update = useUpdateCow(cow.id);
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm">
      <input
        type="checkbox"
        className="h-5 w-5 accent-brand-700"
        checked={cow.reminders}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ reminders: e.target.checked })}
      />
      <MessageSquare className="h-4 w-4 text-brand-700" aria-hidden /> {t("cow.reminders")}
    </label>
  );
}

function CowDetail({ id }: { id: number }) {
  const t = useT();
  const cow = useQuery({ ...herdQueries.cow(id), retry: false });
  const events = useQuery({ ...herdQueries.events(id), enabled: cow.isSuccess });
  const details = useDetails();
  if (cow.isLoading) return <LoadingBars label={t("common.loading")} />;
  if (!cow.data)
    return (
      <EmptyState
        icon={SearchX}
        title={t("herd.none")}
        action={<LinkButton href="/client-herd">{t("herd.title")}</LinkButton>}
      />
    );
  const c = cow.data;
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="cow-page">
      <LinkButton href="/client-herd" variant="outline" size="sm">
        <ArrowLeft /> {t("herd.title")}
      </LinkButton>
      <header className="space-y-1">
        <h1 className="break-words text-2xl font-bold">
          <CowName cow={c} />
        </h1>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {c.birthDate ? t("cow.details", { breed: c.breed, born: formatFullDay(c.birthDate) }) : c.breed} ·{" "}
          {t("herd.calvings", { count: c.parity })}
          {c.lastCalvingDate && ` · ${t("herd.lastCalving")}: ${formatFullDay(c.lastCalvingDate)}`}
        </p>
        <CowStatusBadge cow={c} />
        <NextReminder cow={c} className="text-sm" />
        {c.status === "active" && <Reminders cow={c} />}
      </header>
      {c.status === "active" && <Visits cowId={c.id} />}
      {c.status === "active" && (
        <Card className="p-4">
          <h2 className="mb-3 font-semibold">{t("cow.record")}</h2>
          <EventForm cowId={c.id} />
        </Card>
      )}
      <section aria-labelledby="cow-events" className="space-y-2">
        <h2 id="cow-events" className="text-lg font-semibold">
          {t("cow.events")}
        </h2>
        {events.data?.length ? (
          <ol className="space-y-2" data-testid="cow-events">
            {events.data.map((e) => (
              <li key={e.id} className="rounded-md bg-white p-3 text-sm dark:bg-gray-900">
                <p className="flex flex-wrap justify-between gap-x-3">
                  <strong>{t(`event.${e.type}`)}</strong>
                  <span className="tabular-nums">{formatFullDay(e.date)}</span>
                </p>
                {details(e) && <p className="break-words text-gray-600 dark:text-gray-400">{details(e)}</p>}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("cow.none")}</p>
        )}
      </section>
    </div>
  );
}

/** /client-herd/:id: one cow, her record, what to record next, and her reminders. */
export default function CowPage() {
  const id = Number(useParams<{ id: string }>().id);
  return (
    <ClientLayout>
      <CowDetail key={id} id={Number.isInteger(id) && id > 0 ? id : 0} />
    </ClientLayout>
  );
}
