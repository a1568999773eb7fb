import { useQuery } from "@tanstack/react-query";
import { AlarmClock, ClipboardList, Truck } from "lucide-react";
import { useState } from "react";
import { counties } from "../../../contract/counties";
import {
  type ServiceRequest,
  type ServiceRequestStatus,
  serviceRequestStatuses,
} from "../../../contract/service-requests";
import { ChoiceSelect } from "../../components/choice-select";
import { FilterBar, ListScreen, ListState, type Stat } from "../../components/list-screen";
import { RequestCard } from "../../components/service-request-card";
import { Button } from "../../components/ui/button";
import { capitalise } from "../../lib/format";
import { useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { dispatchQueries, useMarkDone } from "./api";
import { AssignDialog, CancelDialog } from "./dialogs";
import { ServicePrices } from "./service-prices";

type Open = { kind: "assign" | "cancel"; request: ServiceRequest } | null;

/** The requests of one page, under a heading per county. */
function byCounty(rows: ServiceRequest[]): [string, ServiceRequest[]][] {
  const groups = new Map<string, ServiceRequest[]>();
  for (const r of rows) groups.set(r.location.county, [...(groups.get(r.location.county) ?? []), r]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/** /dispatch: farmers' AI and PD requests by county; assign a Field Technician, mark done or cancel. */
export default function DispatchPage({ canPrice }: { canPrice: boolean }) {
  const list = useListParams({ status: "requested", county: "all" });
  const status = list.values.status as ServiceRequestStatus | "all";
  const county = list.values.county;
  const filters = {
    ...(status !== "all" && { status }),
    ...(county !== "all" && { county }),
  };
  const page = usePage(filters);
  const requests = useQuery(
    dispatchQueries.requests({ ...filters, ...page.params, sort: "createdAt", order: "asc" }),
  );
  const counts = useQuery(dispatchQueries.counts());
  const done = useMarkDone();
  const [open, setOpen] = useState<Open>(null);
  const sum = (k: "requested" | "assigned" | "overdue") => counts.data?.reduce((n, c) => n + c[k], 0);
  const stats: Stat[] | undefined = counts.data && [
    { label: "Waiting for a technician", value: sum("requested"), icon: ClipboardList },
    { label: "Waiting over 2 hours", value: sum("overdue"), icon: AlarmClock },
    { label: "Technicians out", value: sum("assigned"), icon: Truck },
  ];
  return (
    <ListScreen
      title="Dispatch"
      subtitle="Farmers' requests for an inseminator or a pregnancy check, by county. A request nobody assigns within 2 hours alarms the dispatchers."
      stats={stats}
      listTitle="Requests"
      filters={
        <FilterBar>
          <ChoiceSelect
            label="Filter by status"
            all="All requests"
            className="sm:w-56"
            options={serviceRequestStatuses.map((s) => [s, capitalise(s)] as const)}
            value={status}
            onChange={(v) => list.set({ status: v })}
          />
          <ChoiceSelect
            label="Filter by county"
            all="All counties"
            className="sm:w-56"
            options={counties.map(({ name }) => {
              const n = counts.data?.find((x) => x.county === name);
              return [name, n ? `${name} (${n.requested} waiting)` : name] as const;
            })}
            value={county}
            onChange={(v) => list.set({ county: v })}
          />
        </FilterBar>
      }
    >
      <ServicePrices canPrice={canPrice} />
      <ListState
        query={requests}
        page={page}
        label="service requests"
        empty={{ icon: Truck, title: "No requests here" }}
      >
        {(rows) => (
          <div className="space-y-4">
            {byCounty(rows).map(([name, group]) => (
              <section key={name} aria-label={name} className="space-y-2">
                <h3 className="font-semibold">{name}</h3>
                <ul className="grid gap-2 lg:grid-cols-2">
                  {group.map((r) => (
                    <RequestCard key={r.id} request={r}>
                      {(r.status === "requested" || r.status === "assigned") && (
                        <>
                          <Button size="sm" onClick={() => setOpen({ kind: "assign", request: r })}>
                            {r.status === "requested" ? "Assign" : "Reassign"}
                          </Button>
                          {r.status === "assigned" && (
                            <Button
                              size="sm"
                              variant="outline"
                              disabled={done.isPending}
                              onClick={() => done.mutate(r.id)}
                            >
                              Mark done
                            </Button>
                          )}
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => setOpen({ kind: "cancel", request: r })}
                          >
                            Cancel
                          </Button>
                        </>
                      )}
                    </RequestCard>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </ListState>
      {open && (
        <>
          <AssignDialog
            request={open.request}
            open={open.kind === "assign"}
            onOpenChange={(o) => !o && setOpen(null)}
          />
          <CancelDialog
            request={open.request}
            open={open.kind === "cancel"}
            onOpenChange={(o) => !o && setOpen(null)}
          />
        </>
      )}
    </ListScreen>
  );
}
