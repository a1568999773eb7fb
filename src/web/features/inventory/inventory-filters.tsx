import { Filter } from "lucide-react";
import { useState } from "react";
import {
  categoryLabels,
  geneticCategories,
  geneticOrigins,
  itemTypes,
  originLabels,
  viabilityStatuses,
} from "../../../contract/inventory";
import { FilterSelect } from "../../components/filter-select";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { optionsOf } from "../../components/ui/field";
import { SearchInput } from "../../components/ui/search-input";
import type { InventoryFilters as Filters } from "./api";

const capitalised = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** Search, type and viability, with category, origin and low stock behind More Filters. */
export function InventoryFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (f: Filters) => void;
}) {
  const [more, setMore] = useState(false);
  const set =
    <K extends keyof Filters>(key: K) =>
    (value: Filters[K]) =>
      onChange({ ...filters, [key]: value });
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-col gap-3 lg:flex-row">
        <SearchInput
          label="Search inventory"
          placeholder="Search by breed, ID, or supplier..."
          value={filters.search}
          onChange={set("search")}
        />
        <FilterSelect
          label="Filter by type"
          all="All types"
          className="lg:w-40"
          options={itemTypes.map((t) => [t, t === "embryo" ? "Embryo" : "Sperm"] as const)}
          value={filters.type}
          onChange={set("type")}
        />
        <FilterSelect
          label="Filter by viability"
          all="All statuses"
          className="lg:w-44"
          options={viabilityStatuses.map((s) => [s, capitalised(s)] as const)}
          value={filters.status}
          onChange={set("status")}
        />
        <Button variant="outline" aria-expanded={more} onClick={() => setMore((v) => !v)}>
          <Filter /> More Filters
        </Button>
      </div>
      {more && (
        <div
          className="grid gap-3 border-t border-gray-100 pt-3 sm:grid-cols-3 dark:border-gray-800"
          data-testid="more-filters"
        >
          <FilterSelect
            label="Filter by category"
            all="All categories"
            options={optionsOf(geneticCategories, categoryLabels)}
            value={filters.category}
            onChange={set("category")}
          />
          <FilterSelect
            label="Filter by origin"
            all="All origins"
            options={optionsOf(geneticOrigins, originLabels)}
            value={filters.origin}
            onChange={set("origin")}
          />
          <label className="flex h-10 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={filters.lowStock}
              onChange={(e) => set("lowStock")(e.target.checked)}
            />
            Low stock only
          </label>
        </div>
      )}
    </Card>
  );
}
