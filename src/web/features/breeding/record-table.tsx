import { type BreedingRecord, type BreedingStatus, breedingStatuses } from "../../../contract/breeding";
import { ChoiceSelect } from "../../components/choice-select";
import { DataTable } from "../../components/data-table";
import { ViewButton } from "../../components/row-actions";
import { Badge } from "../../components/ui/badge";
import { formatDate } from "../../lib/format";

const tone = {
  breeding: "blue",
  pregnant: "purple",
  calved: "green",
  failed: "red",
  open: "yellow",
} as const;

const statusOptions = breedingStatuses.map((s) => [s, s] as const);
/** A calendar date (YYYY-MM-DD) shown as the day it names, whatever the browser's zone. */
export const formatDay = (day: string) => formatDate(`${day}T12:00:00Z`);

export function RecordTable({
  records,
  onView,
  onStatus,
}: {
  records: BreedingRecord[];
  onView: (r: BreedingRecord) => void;
  onStatus: (r: BreedingRecord, status: BreedingStatus) => void;
}) {
  return (
    <DataTable
      rows={records}
      rowTestId="breeding-row"
      caption="Breeding records"
      columns={[
        {
          header: "Animal",
          cell: (r) => (
            <div>
              <p className="font-medium">{r.animalName}</p>
              <p className="font-mono text-xs text-gray-500">{r.animalId}</p>
            </div>
          ),
        },
        { header: "Breed", cell: (r) => r.breedType },
        { header: "Service", cell: (r) => r.serviceType },
        { header: "Service Date", cell: (r) => formatDay(r.serviceDate) },
        { header: "Expected Calving", cell: (r) => formatDay(r.expectedCalvingDate) },
        { header: "Technician", cell: (r) => r.technician },
        {
          header: "Status",
          cell: (r) => (
            <span className="flex flex-wrap items-center gap-1">
              <Badge tone={tone[r.status]} className="capitalize">
                {r.status}
              </Badge>
              {r.outcomeSource === "farmer" && r.status !== "breeding" && (
                <Badge tone="gray">Farmer report</Badge>
              )}
            </span>
          ),
        },
        {
          header: "Actions",
          cell: (r) => (
            <div className="flex items-center gap-2">
              <ViewButton label={`View ${r.animalId}`} onClick={() => onView(r)} />
              {r.status !== "calved" && (
                <ChoiceSelect
                  label={`Status of ${r.animalId}`}
                  className="h-9 w-32 capitalize"
                  value={r.status}
                  options={statusOptions}
                  onChange={(status) => onStatus(r, status)}
                />
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
