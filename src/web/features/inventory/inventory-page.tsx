import { CheckCircle, Dna, Download, Filter, FlaskConical, Package, Plus, Warehouse } from "lucide-react";
import { useDeferredValue, useEffect, useState } from "react";
import {
  categoryLabels,
  geneticCategories,
  geneticOrigins,
  type InventoryItem,
  itemTypes,
  originLabels,
  viabilityStatuses,
} from "../../../contract/inventory";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { NativeSelect } from "../../components/ui/native-select";
import { SearchInput } from "../../components/ui/search-input";
import { StatCard } from "../../components/ui/stat-card";
import { useSearchParam } from "../../lib/use-search-param";
import { AddItemDialog } from "./add-item-dialog";
import { exportUrl, type InventoryFilters, noFilters, useInventory, useInventorySummary } from "./api";
import { ItemCard } from "./item-card";
import { ItemDetailsDialog } from "./item-details-dialog";
import { ReserveDialog } from "./reserve-dialog";

/** The loading state shows six placeholder cards (SPEC section 9). */
const SKELETON_CARDS = 6;

export default function InventoryPage({ canAdd, canReserve }: { canAdd: boolean; canReserve: boolean }) {
  const [filters, setFilters] = useState<InventoryFilters>(noFilters);
  const deferredSearch = useDeferredValue(filters.search);
  const active = { ...filters, search: deferredSearch };
  const items = useInventory(active);
  const summary = useInventorySummary(active);
  const [moreFilters, setMoreFilters] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const [detailsId, setDetailsId] = useState<number>();
  const [reserving, setReserving] = useState<InventoryItem>();
  const [itemParam, clearItemParam] = useSearchParam("item");

  // A scanned label lands here as ?item=<id>.
  useEffect(() => {
    if (itemParam && Number(itemParam) > 0) {
      setDetailsId(Number(itemParam));
      clearItemParam();
    }
  }, [itemParam, clearItemParam]);

  const set = <K extends keyof InventoryFilters>(key: K, value: InventoryFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));
  const clearFilters = () => setFilters((f) => ({ ...f, search: "", type: "all", status: "all" }));

  return (
    <div>
      <PageHeader
        title="Genetic Inventory"
        subtitle="Embryos and semen doses in cryogenic storage"
        actions={
          <>
            <Button asChild variant="outline">
              <a href={exportUrl(active)} download>
                <Download /> Export
              </a>
            </Button>
            {canAdd && (
              <Button onClick={() => setAddOpen(true)}>
                <Plus /> Add Item
              </Button>
            )}
          </>
        }
      />

      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total Embryos" value={summary.data?.totalEmbryos} icon={Dna} />
        <StatCard label="Sperm Doses" value={summary.data?.totalSpermDoses} icon={FlaskConical} />
        <StatCard label="Viable Items" value={summary.data?.viableItems} icon={CheckCircle} />
        <StatCard label="Storage Units" value={summary.data?.storageUnits} icon={Warehouse} />
      </div>

      <Card className="mb-6 space-y-3 p-4">
        <div className="flex flex-col gap-3 lg:flex-row">
          <SearchInput
            label="Search inventory"
            placeholder="Search by breed, ID, or supplier..."
            value={filters.search}
            onChange={(v) => set("search", v)}
          />
          <NativeSelect
            aria-label="Filter by type"
            className="lg:w-40"
            value={filters.type}
            onChange={(e) => set("type", e.target.value)}
          >
            <option value="all">All types</option>
            {itemTypes.map((t) => (
              <option key={t} value={t}>
                {t === "embryo" ? "Embryo" : "Sperm"}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label="Filter by viability"
            className="lg:w-44"
            value={filters.status}
            onChange={(e) => set("status", e.target.value)}
          >
            <option value="all">All statuses</option>
            {viabilityStatuses.map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </NativeSelect>
          <Button variant="outline" aria-expanded={moreFilters} onClick={() => setMoreFilters((v) => !v)}>
            <Filter /> More Filters
          </Button>
        </div>
        {moreFilters && (
          <div
            className="grid gap-3 border-t border-gray-100 pt-3 sm:grid-cols-3 dark:border-gray-800"
            data-testid="more-filters"
          >
            <NativeSelect
              aria-label="Filter by category"
              value={filters.category}
              onChange={(e) => set("category", e.target.value)}
            >
              <option value="all">All categories</option>
              {geneticCategories.map((c) => (
                <option key={c} value={c}>
                  {categoryLabels[c]}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              aria-label="Filter by origin"
              value={filters.origin}
              onChange={(e) => set("origin", e.target.value)}
            >
              <option value="all">All origins</option>
              {geneticOrigins.map((o) => (
                <option key={o} value={o}>
                  {originLabels[o]}
                </option>
              ))}
            </NativeSelect>
            <label className="flex h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={filters.lowStock}
                onChange={(e) => set("lowStock", e.target.checked)}
              />
              Low stock only
            </label>
          </div>
        )}
      </Card>

      {items.isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="inventory-loading">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => `placeholder-${i}`).map((key) => (
            <Card key={key} className="h-80 animate-pulse bg-gray-100 dark:bg-gray-800" />
          ))}
        </div>
      ) : items.data && items.data.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.data.map((item) => (
            <ItemCard
              key={item.id}
              item={item}
              canReserve={canReserve}
              onView={() => setDetailsId(item.id)}
              onReserve={() => setReserving(item)}
            />
          ))}
        </div>
      ) : (
        <EmptyState
          testId="inventory-empty"
          icon={Package}
          title="No inventory items found"
          hint="Try a different search or clear the filters."
          action={
            <Button variant="outline" onClick={clearFilters}>
              Clear Filters
            </Button>
          }
        />
      )}

      <AddItemDialog open={addOpen} onOpenChange={setAddOpen} />
      <ItemDetailsDialog id={detailsId} onClose={() => setDetailsId(undefined)} />
      <ReserveDialog item={reserving} onClose={() => setReserving(undefined)} />
    </div>
  );
}
