import { useQuery } from "@tanstack/react-query";
import { Navigation, Tractor } from "lucide-react";
import { LoadError } from "../../components/load-error";
import { mapLink, RequestCard } from "../../components/service-request-card";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingBars } from "../../components/ui/loading-bars";
import { toast } from "../../components/ui/use-toast";
import { fieldQueries, useJobDone } from "./api";

/** /field: a Field Technician's visits, soonest first, with the farmer's phone and the way there. */
export default function FieldPage() {
  const jobs = useQuery(fieldQueries.jobs());
  const done = useJobDone();
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="field-page">
      <header>
        <h1 className="text-2xl font-bold">My jobs</h1>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          Visits the dispatcher gave you, soonest first. Call the farmer before you ride.
        </p>
      </header>
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
              <Button
                size="sm"
                disabled={done.isPending}
                onClick={() => done.mutate(j.id, { onSuccess: () => toast({ title: "Visit done" }) })}
              >
                Mark done
              </Button>
            </RequestCard>
          ))}
        </ul>
      ) : (
        <EmptyState icon={Tractor} title="No jobs right now" />
      )}
    </div>
  );
}
