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
import { ChoiceSelect } from "../../components/choice-select";
import { SortSelect } from "../../components/sort-select";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { optionsOf } from "../../components/ui/field";
import { SearchInput } from "../../components/ui/search-input";
import { capitalise } from "../../lib/format";
import type { InventoryFilters as Filters } from "./api";

const types = itemTypes.map((t) => [t, t === "embryo" ? "Embryo" : "Sperm"] as const);
const viabilities = optionsOf(viabilityStatuses, capitalise);
const categories = optionsOf(geneticCategories, categoryLabels);
const origins = optionsOf(geneticOrigins, originLabels);
const sortOptions = [
  ["itemId:asc", "Item ID"],
  ["breedName:asc", "Breed: A to Z"],
  ["currentStock:desc", "Most in stock"],
  ["currentStock:asc", "Least in stock"],
  ["costPerUnit:desc", "Price: high to low"],
  ["costPerUnit:asc", "Price: low to high"],
  ["expiryDate:asc", "Expiring soonest"],
] as const;

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
  const on = (key: "type" | "status" | "category" | "origin", className?: string) => ({
    value: filters[key],
    onChange: set(key),
    className,
  });
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-col gap-3 lg:flex-row">
        <SearchInput
          label="Search inventory"
          placeholder="Search by breed, ID, or supplier..."
          value={filters.search}
          onChange={set("search")}
        />
        <ChoiceSelect label="Filter by type" all="All types" options={types} {...on("type", "lg:w-40")} />
        <ChoiceSelect
          label="Filter by viability"
          all="All statuses"
          options={viabilities}
          {...on("status", "lg:w-44")}
        />
        <SortSelect
          options={sortOptions}
          value={filters}
          onChange={(sort) => onChange({ ...filters, ...sort })}
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
          <ChoiceSelect
            label="Filter by category"
            all="All categories"
            options={categories}
            {...on("category")}
          />
          <ChoiceSelect label="Filter by origin" all="All origins" options={origins} {...on("origin")} />
          <label className="flex h-10 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={filters.lowStock === "true"}
              onChange={(e) => set("lowStock")(String(e.target.checked))}
            />
            Low stock only
          </label>
        </div>
      )}
    </Card>
  );
}
