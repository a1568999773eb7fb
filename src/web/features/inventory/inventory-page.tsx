import { useQuery } from "@tanstack/react-query";
import { CheckCircle, Dna, Download, FlaskConical, Package, Warehouse } from "lucide-react";
import { useDeferredValue, useState } from "react";
import type { InventoryItem, InventorySummary } from "../../../contract/inventory";
import { AddButton } from "../../components/add-button";
import { LinkButton } from "../../components/link-button";
import { ListScreen, ListState, type Stat } from "../../components/list-screen";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { useSearchParamOnce } from "../../lib/use-search-param";
import { AddItemDialog } from "./add-item-dialog";
import { exportUrl, filterParams, inventoryQueries, noFilters } from "./api";
import { InventoryFilters } from "./inventory-filters";
import { ItemCard } from "./item-card";
import { ItemDetailsDialog } from "./item-details-dialog";
import { ReserveDialog } from "./reserve-dialog";

/** The loading state shows six placeholder cards (SPEC section 9). */
const SKELETON_CARDS = 6;
const grid = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3";

function LoadingItems() {
  return (
    <div className={grid} data-testid="inventory-loading">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => `placeholder-${i}`).map((key) => (
        <Card key={key} className="h-80 animate-pulse bg-gray-100 dark:bg-gray-800" />
      ))}
    </div>
  );
}

const screen = { title: "Genetic Inventory", subtitle: "Embryos and semen doses in cryogenic storage" };
const statsOf = (s: InventorySummary): Stat[] => [
  { label: "Total Embryos", value: s.totalEmbryos, icon: Dna },
  { label: "Sperm Doses", value: s.totalSpermDoses, icon: FlaskConical },
  { label: "Viable Items", value: s.viableItems, icon: CheckCircle },
  { label: "Storage Units", value: s.storageUnits, icon: Warehouse },
];

export default function InventoryPage({ canAdd, canReserve }: { canAdd: boolean; canReserve: boolean }) {
  const { values: filters, set: setFilters } = useListParams(noFilters);
  const active = { ...filters, search: useDeferredValue(filters.search) };
  const page = usePage(active);
  const items = useQuery(inventoryQueries.list({ ...filterParams(active), ...page.params }));
  const summary = useQuery(inventoryQueries.summary(filterParams(active)));
  const [addOpen, setAddOpen] = useState(false);
  const [detailsId, setDetailsId] = useState<number>();
  const [reserving, setReserving] = useState<InventoryItem>();
  // A scanned label lands here as ?item=<id>.
  useSearchParamOnce("item", (item) => {
    const id = Number(item);
    if (!(id > 0)) return false;
    setDetailsId(id);
    return true;
  });

  return (
    <ListScreen
      {...screen}
      actions={
        <>
          <LinkButton href={exportUrl(active)} download variant="outline">
            <Download /> Export
          </LinkButton>
          {canAdd && <AddButton label="Add Item" onClick={() => setAddOpen(true)} />}
        </>
      }
      stats={summary.data && statsOf(summary.data)}
      filters={<InventoryFilters filters={filters} onChange={setFilters} />}
      cards
      dialogs={
        <>
          <AddItemDialog open={addOpen} onOpenChange={setAddOpen} />
          <ItemDetailsDialog id={detailsId} onClose={() => setDetailsId(undefined)} canWrite={canAdd} />
          <ReserveDialog item={reserving} onClose={() => setReserving(undefined)} />
        </>
      }
    >
      <ListState
        query={items}
        page={page}
        label="inventory items"
        loading={<LoadingItems />}
        empty={{
          icon: Package,
          title: "No inventory items found",
          hint: "Try a different search or clear the filters.",
          testId: "inventory-empty",
          action: (
            <Button variant="outline" onClick={() => setFilters({ search: "", type: "all", status: "all" })}>
              Clear Filters
            </Button>
          ),
        }}
      >
        {(rows) => (
          <div className={grid}>
            {rows.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                canReserve={canReserve}
                onView={() => setDetailsId(item.id)}
                onReserve={() => setReserving(item)}
              />
            ))}
          </div>
        )}
      </ListState>
    </ListScreen>
  );
}
