import { useQuery } from "@tanstack/react-query";
import { breedingStatuses } from "../../../contract/breeding";
import { ChoiceSelect } from "../../components/choice-select";
import { FilterBar } from "../../components/list-screen";
import { ListSearch } from "../../components/list-search";
import { SortSelect } from "../../components/sort-select";
import { Input } from "../../components/ui/input";
import { capitalise } from "../../lib/format";
import type { ListParams } from "../../lib/use-list-params";
import { breedingQueries } from "./api";

/** What the breeding list is filtered and sorted by, as the address holds it. */
export const breedingListDefaults = {
  search: "",
  status: "all",
  technician: "",
  customerId: "all",
  sort: "serviceDate",
  order: "desc",
};
export type BreedingListParams = ListParams<keyof typeof breedingListDefaults>;

const statusOptions = [
  ...breedingStatuses.map((s) => [s, capitalise(s)] as const),
  // Served at least 30 days ago and not yet examined: the cows to check now.
  ["due_pd", "Due for PD"] as const,
];

const sortOptions = [
  ["serviceDate:desc", "Latest service first"],
  ["serviceDate:asc", "Earliest service first"],
  ["expectedCalvingDate:asc", "Calving soonest"],
  ["animalId:asc", "Animal ID"],
] as const;

/** Search, status (with "Due for PD"), technician, farm and sort for the breeding records. */
export function BreedingFilters({ list }: { list: BreedingListParams }) {
  const clients = useQuery(breedingQueries.clients());
  return (
    <FilterBar>
      <ListSearch
        list={list}
        label="Search breeding records"
        placeholder="Search by animal, genetic material or technician..."
      />
      <ChoiceSelect
        label="Filter by status"
        all="All statuses"
        className="sm:w-40"
        options={statusOptions}
        value={list.values.status}
        onChange={(v) => list.set({ status: v })}
      />
      <Input
        aria-label="Filter by technician"
        placeholder="Technician"
        className="sm:w-40"
        value={list.values.technician}
        onChange={(e) => list.set({ technician: e.target.value })}
      />
      <ChoiceSelect
        label="Filter by farm"
        all="All farms"
        className="sm:w-44"
        options={(clients.data ?? []).map((c) => [String(c.id), c.name] as const)}
        value={list.values.customerId}
        onChange={(v) => list.set({ customerId: v })}
      />
      <SortSelect options={sortOptions} value={list.values} onChange={list.set} />
    </FilterBar>
  );
}
