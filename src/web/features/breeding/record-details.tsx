import { useQuery } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import type { BreedingRecord } from "../../../contract/breeding";
import { Button } from "../../components/ui/button";
import { DetailsDialog } from "../../components/ui/details-dialog";
import { capitalise, formatDateTime } from "../../lib/format";
import { breedingQueries } from "./api";
import { formatDay } from "./record-table";

/** A record's outcome changes: what it became, on which day, who changed it and, for a correction, why. */
function History({ recordId }: { recordId: number }) {
  const history = useQuery(breedingQueries.history(recordId));
  if (!history.data?.length) return <p className="text-sm text-gray-500">No outcome recorded yet.</p>;
  return (
    <ol className="space-y-1 text-sm" data-testid="breeding-history">
      {history.data.map((e) => (
        <li key={e.id}>
          {capitalise(e.fromStatus)} → <strong>{capitalise(e.toStatus)}</strong>
          {e.day && ` on ${formatDay(e.day)}`} · {e.by ?? "System"}, {formatDateTime(e.at)}
          {e.reason && <span className="block text-gray-600 dark:text-gray-400">Correction: {e.reason}</span>}
        </li>
      ))}
    </ol>
  );
}

export function RecordDetails({
  record,
  onClose,
  onCorrect,
}: {
  record: BreedingRecord | undefined;
  onClose: () => void;
  /** Opens the correction of the outcome, with a reason (the only way to change a calved record). */
  onCorrect: (record: BreedingRecord) => void;
}) {
  if (!record) return null;
  const rows: [string, string][] = [
    ["Animal", `${record.animalName} (${record.animalId})`],
    ["Breed", record.breedType],
    ["Service", record.serviceType],
    ["Service date", formatDay(record.serviceDate)],
    ["Expected calving", formatDay(record.expectedCalvingDate)],
    ["Technician", record.technician],
    ["Genetic material", record.geneticMaterial],
    ["Status", record.status],
    [
      "Outcome from",
      record.status === "breeding"
        ? "–"
        : record.outcomeSource === "farmer"
          ? "The farmer's report (set a status to confirm it)"
          : "Staff, a technician or a vet",
    ],
    ["Diagnosed pregnant", record.pregnantOn ? formatDay(record.pregnantOn) : "–"],
    ["Calved", record.calvedOn ? formatDay(record.calvedOn) : "–"],
    ["Success", record.success ? "Yes" : "No"],
    ["Notes", record.notes || "–"],
  ];
  return (
    <DetailsDialog title="Breeding record" description={record.animalName} rows={rows} onClose={onClose}>
      <section className="mt-4 space-y-2" aria-label="Outcome history">
        <h3 className="text-sm font-semibold">Outcome history</h3>
        <History recordId={record.id} />
        <Button variant="outline" size="sm" onClick={() => onCorrect(record)}>
          <Pencil /> Correct outcome
        </Button>
      </section>
    </DetailsDialog>
  );
}
