import { useQuery } from "@tanstack/react-query";
import { CloudOff, Navigation, RefreshCw, Tractor } from "lucide-react";
import { useState } from "react";
import { LoadError } from "../../components/load-error";
import { mapLink, RequestCard } from "../../components/service-request-card";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingBars } from "../../components/ui/loading-bars";
import { fieldQueries, useDismissConflict } from "./api";
import { RecordForm } from "./record-form";
import { useFieldSync } from "./use-field-sync";

/** How many records wait on the phone, and a button to send them now. */
function SyncBar({ waiting, syncing, sync }: ReturnType<typeof useFieldSync>) {
  if (waiting === null) return null;
  return (
    <Card
      className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
      data-testid="sync-status"
      role="status"
    >
      <span className="flex items-center gap-2">
        {waiting > 0 && <CloudOff className="size-4" aria-hidden />}
        {waiting === 0
          ? "All records synced"
          : `${waiting} record${waiting === 1 ? "" : "s"} waiting to sync`}
      </span>
      {waiting > 0 && (
        <Button size="sm" variant="outline" disabled={syncing} onClick={() => void sync()}>
          <RefreshCw /> Sync now
        </Button>
      )}
    </Card>
  );
}

/** Records the server could not take, kept with why: the technician reads them, records again if needed. */
function Conflicts() {
  const conflicts = useQuery(fieldQueries.conflicts());
  const dismiss = useDismissConflict();
  if (!conflicts.data?.length) return null;
  return (
    <Card className="space-y-2 border-red-300 p-3 text-sm" data-testid="field-conflicts">
      <h2 className="font-semibold">Not recorded: check these</h2>
      <ul className="space-y-2">
        {conflicts.data.map((c) => (
          <li key={c.clientId} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {c.type} for {c.cow} on {c.date}: {c.message}
            </span>
            <Button size="sm" variant="outline" onClick={() => dismiss.mutate(c.clientId)}>
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** /field: a Field Technician's visits, the straws in his flask, and records that work with no signal. */
export default function FieldPage() {
  const jobs = useQuery(fieldQueries.jobs());
  const flasks = useQuery(fieldQueries.flask());
  const sync = useFieldSync();
  const [recording, setRecording] = useState<number | null>(null);
  const straws = (flasks.data ?? []).reduce((n, f) => n + f.straws, 0);
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="field-page">
      <header>
        <h1 className="text-2xl font-bold">My jobs</h1>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          Visits the dispatcher gave you, soonest first. Records save on the phone and sync when there is
          signal.
        </p>
      </header>
      <SyncBar {...sync} />
      <Conflicts />
      <p className="text-sm" data-testid="my-flask">
        {flasks.data?.length
          ? `Your flask${flasks.data.length > 1 ? "s" : ""} ${flasks.data.map((f) => f.serial).join(", ")}: ${straws} straws`
          : "No flask is lent to you."}
      </p>
      {jobs.isLoading ? (
        <LoadingBars label="Loading jobs" />
      ) : jobs.isError ? (
        <LoadError label="jobs" onRetry={() => jobs.refetch()} />
      ) : jobs.data?.length ? (
        <ul className="space-y-2" aria-label="My jobs">
          {jobs.data.map((j) => (
            <RequestCard key={j.id} request={j}>
              <Button asChild size="sm" variant="outline">
                <a href={mapLink(j)} target="_blank" rel="noreferrer">
                  <Navigation /> Directions
                </a>
              </Button>
              {recording === j.id ? (
                <RecordForm
                  job={j}
                  flasks={flasks.data ?? []}
                  onSaved={() => {
                    setRecording(null);
                    void sync.sync();
                  }}
                />
              ) : (
                <Button size="sm" onClick={() => setRecording(j.id)}>
                  {j.kind === "pd" ? "Record the PD" : "Record the insemination"}
                </Button>
              )}
            </RequestCard>
          ))}
        </ul>
      ) : (
        <EmptyState icon={Tractor} title="No jobs right now" />
      )}
    </div>
  );
}
