import { useQuery } from "@tanstack/react-query";
import { Baby, Heart, TrendingUp } from "lucide-react";
import { useDeferredValue, useState } from "react";
import type {
  BreedingListQuery,
  BreedingRecord,
  BreedingStatus,
  BreedingSummary,
} from "../../../contract/breeding";
import { AddButton } from "../../components/add-button";
import { ListScreen, ListState, type Stat } from "../../components/list-screen";
import { toastOutcome } from "../../components/ui/use-toast";
import { sortOf, useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { AddRecordDialog } from "./add-record-dialog";
import { breedingQueries, useSetBreedingStatus } from "./api";
import { BreedingFilters, breedingListDefaults } from "./breeding-filters";
import { OutcomeDialog } from "./outcome-dialog";
import { RecordDetails } from "./record-details";
import { RecordTable } from "./record-table";

const listing = {
  label: "breeding records",
  empty: { icon: Heart, title: "No breeding records found", testId: "breeding-empty" },
};

const screen = {
  title: "Breeding Records",
  subtitle: "AI, embryo transfer and natural services with their outcomes",
};
const statsOf = (s: BreedingSummary): Stat[] => [
  { label: "Total Records", value: s.totalRecords, icon: Heart },
  { label: "Pregnant", value: s.pregnant, icon: Heart },
  { label: "Calved", value: s.calved, icon: Baby },
  {
    label: "Success Rate",
    value: `${s.successRate}%`,
    icon: TrendingUp,
    // SPEC's figure, over every record: the dashboard's counts only known outcomes, and says so.
    hint: "Pregnant or calved, of all records (those awaiting a diagnosis included)",
  },
];

export default function BreedingPage() {
  const list = useListParams(breedingListDefaults);
  const { status, customerId } = list.values;
  const filters = {
    search: useDeferredValue(list.values.search).trim() || undefined,
    technician: useDeferredValue(list.values.technician).trim() || undefined,
    status: status === "all" || status === "due_pd" ? undefined : (status as BreedingStatus),
    duePd: status === "due_pd" ? ("true" as const) : undefined,
    customerId: customerId === "all" ? undefined : Number(customerId),
    ...sortOf<BreedingListQuery>(list.values),
  };
  const page = usePage(filters);
  const records = useQuery(breedingQueries.list({ ...filters, ...page.params }));
  const summary = useQuery(breedingQueries.summary());
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<BreedingRecord>();
  const setStatus = useSetBreedingStatus();
  const [outcome, setOutcome] = useState<{ record: BreedingRecord; status?: "pregnant" | "calved" }>();
  // Pregnant and calved ask for their day first; the others change at once.
  const changeStatus = (record: BreedingRecord, status: BreedingStatus) =>
    status === "pregnant" || status === "calved"
      ? setOutcome({ record, status })
      : setStatus.mutate(
          { id: record.id, status },
          toastOutcome("Record status updated", "Failed to update record"),
        );
  return (
    <ListScreen
      {...screen}
      actions={<AddButton label="Add Breeding Record" onClick={() => setOpen(true)} />}
      stats={summary.data && statsOf(summary.data)}
      filters={<BreedingFilters list={list} />}
      listTitle="Services"
      dialogs={
        <>
          <AddRecordDialog open={open} onOpenChange={setOpen} />
          <RecordDetails
            record={viewing}
            onClose={() => setViewing(undefined)}
            onCorrect={(record) => {
              setViewing(undefined);
              setOutcome({ record });
            }}
          />
          {outcome && (
            <OutcomeDialog {...outcome} open onOpenChange={(isOpen) => !isOpen && setOutcome(undefined)} />
          )}
        </>
      }
    >
      <ListState query={records} page={page} {...listing}>
        {(rows) => <RecordTable records={rows} onView={setViewing} onStatus={changeStatus} />}
      </ListState>
    </ListScreen>
  );
}
