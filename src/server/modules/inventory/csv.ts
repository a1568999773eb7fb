import { csvLine } from "../../../contract/csv";
import { type InventoryItem, originLabels } from "../../../contract/inventory";

const header = [
  "Item ID",
  "Type",
  "Breed",
  "Category",
  "Origin",
  "Viability",
  "On hand",
  "Reserved",
  "Available",
  "Storage unit",
  "Storage location",
  "Supplier",
  "Price per unit (KES)",
  "Expiry date",
];

export const inventoryCsvHeader = csvLine(header);

export function inventoryCsvLine(item: InventoryItem): string {
  return csvLine([
    item.itemId,
    item.type,
    item.breedName,
    item.geneticData.category,
    originLabels[item.geneticData.origin],
    item.viabilityStatus,
    item.currentStock,
    item.reservedStock,
    item.availableStock,
    item.storageUnit,
    item.storageLocation,
    item.acquiredFrom,
    item.costPerUnit,
    item.expiryDate,
  ]);
}
