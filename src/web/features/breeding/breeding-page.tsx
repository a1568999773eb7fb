import { useQuery } from "@tanstack/react-query";
import { Baby, Heart, Plus, TrendingUp } from "lucide-react";
import { useState } from "react";
import type { BreedingRecord, BreedingStatus } from "../../../contract/breeding";
import { ListScreen, ListState } from "../../components/list-screen";
import { Button } from "../../components/ui/button";
import { DetailsDialog } from "../../components/ui/details-dialog";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { usePage } from "../../lib/use-page";
import { AddRecordDialog } from "./add-record-dialog";
import { breedingQueries, useSetBreedingStatus } from "./api";
import { formatDay, RecordTable } from "./record-table";

function RecordDetails({ record, onClose }: { record: BreedingRecord | undefined; onClose: () => void }) {
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
    ["Success", record.success ? "Yes" : "No"],
    ["Notes", record.notes || "–"],
  ];
  return (
    <DetailsDialog title="Breeding record" description={record.animalName} rows={rows} onClose={onClose} />
  );
}

export default function BreedingPage() {
  const page = usePage();
  const records = useQuery(breedingQueries.list(page.params));
  const summary = useQuery(breedingQueries.summary());
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<BreedingRecord>();
  const setStatus = useSetBreedingStatus();
  const changeStatus = (r: BreedingRecord, status: BreedingStatus) =>
    setStatus.mutate(
      { id: r.id, status },
      {
        onSuccess: () => toast({ title: "Success", description: "Record status updated" }),
        onError: (e) =>
          toast({
            variant: "destructive",
            title: "Error",
            description: apiErrorMessage(e) ?? "Failed to update record",
          }),
      },
    );
  const s = summary.data;
  return (
    <ListScreen
      title="Breeding Records"
      subtitle="AI, embryo transfer and natural services with their outcomes"
      actions={
        <Button onClick={() => setOpen(true)}>
          <Plus /> Add Breeding Record
        </Button>
      }
      statsLoading={summary.isLoading}
      stats={[
        { label: "Total Records", value: s?.totalRecords, icon: Heart },
        { label: "Pregnant", value: s?.pregnant, icon: Heart },
        { label: "Calved", value: s?.calved, icon: Baby },
        { label: "Success Rate", value: s ? `${s.successRate}%` : undefined, icon: TrendingUp },
      ]}
      dialogs={
        <>
          <AddRecordDialog open={open} onOpenChange={setOpen} />
          <RecordDetails record={viewing} onClose={() => setViewing(undefined)} />
        </>
      }
    >
      <ListState
        query={records}
        page={page}
        label="breeding records"
        empty={{ icon: Heart, title: "No breeding records found" }}
      >
        {(rows) => <RecordTable records={rows} onView={setViewing} onStatus={changeStatus} />}
      </ListState>
    </ListScreen>
  );
}
