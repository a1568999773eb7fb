import { Eye, FileText, MapPin, Package } from "lucide-react";
import { categoryLabels, type InventoryItem, isLowStock, originLabels } from "../../../contract/inventory";
import { LinkButton } from "../../components/link-button";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatKes, usdEstimate } from "../../lib/format";
import { originFlags, viabilityTone } from "./labels";

/**
 * Where the straws are, from their positions ("T1-C2-3, T1-C2-4 +2 more · LN2-Tank-A"), and how many are in
 * none yet; the location typed at receipt only while nothing is placed.
 */
export function storedAt(item: InventoryItem): string {
  const at = item.placement;
  if (!at) return [item.storageLocation, item.storageUnit].filter(Boolean).join(" · ");
  const unplaced = Math.max(item.currentStock - at.placed, 0);
  // Nothing on the map: what was noted when it came in, until it is placed.
  const noted = item.storageLocation ? ` (noted: ${item.storageLocation})` : "";
  if (at.positions === 0) return item.currentStock > 0 ? `Not placed yet${noted}` : "No straws in store";
  const more = at.positions > at.labels.length ? ` +${at.positions - at.labels.length} more` : "";
  return `${at.labels.join(", ")}${more} · ${at.tank}${unplaced > 0 ? ` · ${unplaced} not placed` : ""}`;
}

export function ItemCard({
  item,
  canReserve,
  onView,
  onReserve,
}: {
  item: InventoryItem;
  canReserve: boolean;
  onView: () => void;
  onReserve: () => void;
}) {
  const g = item.geneticData;
  const low = isLowStock(item);
  return (
    <Card className="flex flex-col p-4" data-testid="inventory-card">
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone={item.type === "embryo" ? "purple" : "blue"} className="capitalize">
            {item.type}
          </Badge>
          <span role="img" title={originLabels[g.origin]} aria-label={originLabels[g.origin]}>
            {originFlags[g.origin]}
          </span>
          <Badge tone={viabilityTone[item.viabilityStatus]} className="capitalize">
            {item.viabilityStatus}
          </Badge>
        </div>
        <Badge tone="gray">{categoryLabels[g.category]}</Badge>
      </div>
      <h3 className="mt-3 text-lg font-semibold leading-tight">{item.breedName}</h3>
      <p className="font-mono text-xs text-gray-500">{item.itemId}</p>
      <p className="text-xs text-gray-500">{originLabels[g.origin]}</p>

      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 rounded-md bg-gray-50 p-2 text-xs dark:bg-gray-800/60">
        {g.milk_yield && (
          <>
            <dt className="text-gray-500">Milk yield</dt>
            <dd>{g.milk_yield}</dd>
          </>
        )}
        {g.weight_gain && (
          <>
            <dt className="text-gray-500">Weight gain</dt>
            <dd>{g.weight_gain}</dd>
          </>
        )}
        {g.heat_tolerance && (
          <>
            <dt className="text-gray-500">Heat tolerance</dt>
            <dd>{g.heat_tolerance}</dd>
          </>
        )}
        {g.breeding_value !== undefined && (
          <>
            <dt className="text-gray-500">Breeding value</dt>
            <dd>{g.breeding_value}/100</dd>
          </>
        )}
      </dl>
      {g.region_suitability.length > 0 && (
        <p className="mt-2 text-xs text-gray-600 dark:text-gray-400">
          Suitable: {g.region_suitability.join(", ")}
        </p>
      )}

      <div className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <p className="text-xs text-gray-500">Available</p>
          <p
            className={low ? "font-semibold text-orange-700 dark:text-orange-400" : "font-semibold"}
            data-testid="available"
          >
            {item.availableStock}
          </p>
        </div>
        <div>
          <p className="text-xs text-gray-500">Reserved</p>
          <p className="font-semibold" data-testid="reserved">
            {item.reservedStock}
          </p>
        </div>
      </div>
      <p
        className="mt-2 flex items-center gap-1 text-xs text-gray-600 dark:text-gray-400"
        data-testid="stored-at"
      >
        <MapPin className="h-3.5 w-3.5" aria-hidden /> {storedAt(item)}
      </p>
      <p className="text-xs text-gray-600 dark:text-gray-400">From {item.acquiredFrom}</p>
      {item.genetics.bullName && (
        <p className="mt-1 text-xs text-gray-700 dark:text-gray-300">
          {item.type === "embryo" ? "Sire" : "Bull"}: {item.genetics.bullName}
          {item.genetics.semenType === "sexed" && " · sexed"}
        </p>
      )}
      <p className="mt-2 text-sm">
        <span className="font-semibold">{formatKes(item.costPerUnit)}</span>{" "}
        <span className="text-xs text-gray-500">
          per {item.type === "embryo" ? "embryo" : "dose"} (≈ {usdEstimate(item.costPerUnit)})
        </span>
      </p>
      <div className="mt-auto flex gap-2 pt-4">
        <Button variant="outline" size="sm" className="flex-1" onClick={onView}>
          <Eye /> View Details
        </Button>
        {item.isActive && (
          <LinkButton
            variant="outline"
            size="sm"
            href={`/shop/products/${item.id}`}
            aria-label={`Proof sheet of ${item.itemId}`}
          >
            <FileText />
          </LinkButton>
        )}
        {canReserve && (
          <Button
            size="sm"
            className="flex-1"
            onClick={onReserve}
            disabled={item.availableStock === 0 || item.viabilityStatus !== "viable"}
          >
            <Package /> Reserve
          </Button>
        )}
      </div>
    </Card>
  );
}
