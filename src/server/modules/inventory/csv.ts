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

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const inventoryCsvHeader = `${header.map(csvField).join(",")}\r\n`;

export function inventoryCsvLine(item: InventoryItem): string {
  return `${[
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
  ]
    .map(csvField)
    .join(",")}\r\n`;
}
