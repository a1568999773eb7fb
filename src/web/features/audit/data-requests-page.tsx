import { useQuery } from "@tanstack/react-query";
import { FileDown, UserX } from "lucide-react";
import {
  type DataRequest,
  type DataRequestKind,
  dataRequestKindLabels,
  dataRequestKinds,
} from "../../../contract/data-rights";
import { ChoiceSelect } from "../../components/choice-select";
import { DataTable } from "../../components/data-table";
import { FilterBar, ListScreen, ListState } from "../../components/list-screen";
import { Badge } from "../../components/ui/badge";
import { formatDateTime } from "../../lib/format";
import { useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { dataRequestsQuery } from "./api";

/** How long a request took to answer, as the ODPC asks (7 days for access, 30 for erasure at most). */
function answeredIn(r: DataRequest): string {
  if (!r.completedAt) return "Open";
  const ms = Date.parse(r.completedAt) - Date.parse(r.requestedAt);
  return ms < 60_000 ? "At once" : `${Math.ceil(ms / 86_400_000)} day(s)`;
}

/** Directors see every export and deletion clients asked for, with the dates, to show the regulator. */
export default function DataRequestsPage() {
  const list = useListParams({ kind: "all" });
  const kind = list.values.kind as DataRequestKind | "all";
  const filters = kind === "all" ? {} : { kind };
  const page = usePage(filters);
  const requests = useQuery(dataRequestsQuery({ ...filters, ...page.params }));
  return (
    <ListScreen
      title="Data requests"
      subtitle="Clients' downloads of their data and deletions of their accounts (Data Protection Act 2019), with when each was asked and answered."
      stats={null}
      listTitle="Requests"
      filters={
        <FilterBar>
          <ChoiceSelect
            label="Filter by kind"
            all="All requests"
            className="sm:w-60"
            options={dataRequestKinds.map((k) => [k, dataRequestKindLabels[k]] as const)}
            value={kind}
            onChange={(v) => list.set({ kind: v })}
          />
        </FilterBar>
      }
    >
      <ListState
        query={requests}
        page={page}
        label="data requests"
        empty={{ icon: FileDown, title: "No data requests yet" }}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowTestId="data-request-row"
            caption="Data requests"
            columns={[
              { header: "Asked", cell: (r) => formatDateTime(r.requestedAt), className: "whitespace-nowrap" },
              {
                header: "Kind",
                cell: (r) => (
                  <Badge tone={r.kind === "deletion" ? "orange" : "blue"}>
                    {r.kind === "deletion" && <UserX className="mr-1 size-3" aria-hidden />}
                    {dataRequestKindLabels[r.kind]}
                  </Badge>
                ),
              },
              { header: "Account", cell: (r) => <span className="break-all">{r.email}</span> },
              { header: "Answered", cell: (r) => formatDateTime(r.completedAt) ?? "–" },
              { header: "Took", cell: answeredIn },
            ]}
          />
        )}
      </ListState>
    </ListScreen>
  );
}
