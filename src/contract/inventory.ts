import { z } from "zod";
import { batchInputSchema, batchSchema } from "./batches";
import { placementSchema } from "./cryo-store";
import { geneticsSchema } from "./genetics";
import { paginationQuery, sortQuery } from "./pagination";
import { idSchema, isoDate, text } from "./primitives";
import { taxTypes } from "./tax";

export const itemTypes = ["embryo", "sperm"] as const;
export const viabilityStatuses = ["viable", "expired", "compromised"] as const;
export const geneticCategories = ["dairy", "beef", "dual_purpose"] as const;
export const geneticOrigins = ["Brazil", "Kenya", "Brazil_Kenya"] as const;
export const originLabels: Record<(typeof geneticOrigins)[number], string> = {
  Brazil: "Brazilian (URUS)",
  Kenya: "Local Kenyan",
  Brazil_Kenya: "Crossbreed",
};
export const categoryLabels: Record<(typeof geneticCategories)[number], string> = {
  dairy: "Dairy",
  beef: "Beef",
  dual_purpose: "Dual purpose",
};
/** At or below this many available units an item counts as low stock. */
export const LOW_STOCK_THRESHOLD = 20;

/** Low stock, defined once: active, viable, and at most the threshold available (the server's SQL agrees). */
export function isLowStock(item: {
  isActive: boolean;
  viabilityStatus: string;
  availableStock: number;
}): boolean {
  return item.isActive && item.viabilityStatus === "viable" && item.availableStock <= LOW_STOCK_THRESHOLD;
}

export const geneticDataSchema = z.object({
  category: z.enum(geneticCategories, { error: "Choose a category" }),
  origin: z.enum(geneticOrigins, { error: "Choose an origin" }),
  milk_yield: z.string().optional(),
  weight_gain: z.string().optional(),
  heat_tolerance: z.string().optional(),
  breeding_value: z
    .number({ error: "Breeding value must be a number" })
    .min(0, "Breeding value is 0 to 100")
    .max(100, "Breeding value is 0 to 100")
    .optional(),
  region_suitability: z.array(z.string()).default([]),
});
export type GeneticData = z.infer<typeof geneticDataSchema>;

export const stockMovementKinds = [
  "receipt",
  "reservation",
  "release",
  "sale",
  "consumption",
  "adjustment",
  "write_off",
  "flask_issue",
  "flask_return",
] as const;

export const stockMovementKindLabels: Record<(typeof stockMovementKinds)[number], string> = {
  receipt: "Received",
  reservation: "Reserved",
  release: "Released",
  sale: "Sold",
  consumption: "Used in service",
  adjustment: "Adjusted",
  write_off: "Written off",
  flask_issue: "Issued to a flask",
  flask_return: "Returned from a flask",
};

/** Why stock is written off: each becomes a stock movement with this reason. */
export const writeOffReasons = ["damaged", "expired", "failed_quality_check"] as const;
export const writeOffReasonLabels: Record<(typeof writeOffReasons)[number], string> = {
  damaged: "Damaged",
  expired: "Expired",
  failed_quality_check: "Failed quality check",
};

export const inventoryItemSchema = z.object({
  id: z.number().int(),
  itemId: z.string(),
  type: z.enum(itemTypes),
  breedName: z.string(),
  acquiredFrom: z.string(),
  viabilityStatus: z.enum(viabilityStatuses),
  currentStock: z.number().int(),
  reservedStock: z.number().int(),
  /** currentStock - reservedStock: what can still be sold or reserved. */
  availableStock: z.number().int(),
  storageLocation: z.string(),
  storageUnit: z.string().nullable(),
  storageUnitId: z.number().int().nullable(),
  /**
   * Where the straws really are, from their positions: the first few cane labels, how many positions, how
   * many straws are placed and in which tank (the first, where several). Null where not read (the shop).
   */
  placement: z
    .object({
      labels: z.array(z.string()),
      positions: z.number().int(),
      placed: z.number().int(),
      tank: z.string().nullable(),
    })
    .nullable(),
  costPerUnit: z.number().int(),
  /** KRA eTIMS tax type; null until a Director sets it (embryos), and then the item cannot be invoiced. */
  taxType: z.enum(taxTypes).nullable(),
  itemClassCode: z.string().nullable(),
  isActive: z.boolean(),
  description: z.string().nullable(),
  /** The description in Kiswahili; null where only the English one is written. */
  descriptionSw: z.string().nullable(),
  expiryDate: z.string().nullable(),
  geneticData: geneticDataSchema,
  genetics: geneticsSchema,
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(stockMovementKinds),
  stockDelta: z.number().int(),
  reservedDelta: z.number().int(),
  note: z.string().nullable(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
/** A count this far from the books (either bound) waits for a second person before it moves stock. */
export const LARGE_COUNT_PCT = 5;
export const LARGE_COUNT_KES = 10_000;
export const isLargeCount = (delta: number, onHand: number, costPerUnit: number): boolean =>
  Math.abs(delta) * costPerUnit > LARGE_COUNT_KES || Math.abs(delta) > (onHand * LARGE_COUNT_PCT) / 100;

/** A large count awaiting a second person's confirmation. */
export const pendingCountSchema = z.object({
  id: z.number().int(),
  countedStock: z.number().int(),
  /** On hand when counted: the count applies only while stock has not moved since. */
  stockAtCount: z.number().int(),
  delta: z.number().int(),
  valueKes: z.number().int(),
  note: z.string(),
  countedBy: z.string().nullable(),
  countedByUserId: z.number().int().nullable(),
  countedAt: z.string(),
});
export type PendingCount = z.infer<typeof pendingCountSchema>;

export const inventoryItemDetailSchema = inventoryItemSchema.extend({
  movements: z.array(stockMovementSchema),
  /** Its batches, soonest expiry first. */
  batches: z.array(batchSchema),
  pendingCount: pendingCountSchema.nullable(),
});
export type InventoryItemDetail = z.infer<typeof inventoryItemDetailSchema>;

const wholeUnits = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be greater than 0`);

export const inventoryItemInputSchema = z.object({
  itemId: text()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{2,39}$/, "Item ID: 3-40 letters, digits or dashes"),
  type: z.enum(itemTypes, { error: "Choose embryo or sperm" }),
  breedName: text().min(1, "Breed is required").max(120),
  acquiredFrom: text().min(1, "Supplier is required").max(200),
  currentStock: wholeUnits("Stock").max(1_000_000),
  costPerUnit: wholeUnits("Price").max(100_000_000),
  /** KRA eTIMS tax type; left out of a correction it stays, and new semen is exempt (A). A Director's to set. */
  taxType: z.enum(taxTypes, { error: "Choose a tax type" }).nullish(),
  /** KRA item classification code. */
  itemClassCode: text()
    .max(20)
    .regex(/^[0-9A-Za-z]*$/, "Letters and digits only")
    .nullish(),
  storageLocation: text().min(1, "Storage location is required").max(200),
  storageUnitId: idSchema.nullish(),
  expiryDate: isoDate("Enter a valid date").nullish(),
  description: text().max(2000).nullish(),
  /** Left out of a correction, the Kiswahili description stays as it is. */
  descriptionSw: text().max(2000).nullish(),
  geneticData: geneticDataSchema,
  /** The typed proof or embryo details; left out, nothing is known. */
  genetics: geneticsSchema.default(() => geneticsSchema.parse({})),
  /** Where the received straws go in the store; what is left over stays unplaced until placed. */
  positions: z
    .array(placementSchema.omit({ batchId: true }))
    .max(20, "At most 20 positions at once")
    .optional(),
  /** The batch received; left out, batch "L1" expiring with the item. */
  batch: batchInputSchema.optional(),
});
export type InventoryItemInput = z.input<typeof inventoryItemInputSchema>;

/**
 * An item's details as they can change after receipt. Not its ID (on the labels), its type (on its orders)
 * nor its stock (which moves only by receipts, orders, counts and write-offs).
 */
export const inventoryItemUpdateSchema = inventoryItemInputSchema
  .omit({ itemId: true, type: true, currentStock: true, positions: true, batch: true })
  // Left out, the item's genetics stay as they are (older callers only know geneticData).
  .extend({ genetics: geneticsSchema.optional() });
export type InventoryItemUpdate = z.input<typeof inventoryItemUpdateSchema>;

/** Units taken out of stock for good; only units no order holds can go. */
export const writeOffInputSchema = z.object({
  quantity: wholeUnits("Quantity").max(1_000_000),
  reason: z.enum(writeOffReasons, { error: "Choose a reason" }),
  note: text().max(500).nullish(),
  /** The batch the units are taken from (an expired one, say); left out, the newest placed straws go. */
  batchId: idSchema.optional(),
  /** The cane or goblet they are taken from (a damaged one, say): only its straws go. */
  caneId: idSchema.optional(),
});
export type WriteOffInput = z.input<typeof writeOffInputSchema>;

/** A physical count: on-hand stock becomes what was counted, and the difference is recorded with the reason. */
export const stockCountInputSchema = z.object({
  countedStock: z
    .number({ error: "Counted stock must be a number" })
    .int("Counted stock must be a whole number")
    .min(0, "Counted stock cannot be negative")
    .max(1_000_000),
  note: text("Say why the count differs").min(3, "Say why the count differs").max(500),
});
export type StockCountInput = z.input<typeof stockCountInputSchema>;

/** What a count did: applied at once, or waiting for a second person (a large one). */
export const countResultSchema = z.object({
  applied: z.boolean(),
  item: inventoryItemSchema,
  pendingCount: pendingCountSchema.nullable(),
});
export type CountResult = z.infer<typeof countResultSchema>;

export const inventorySorts = ["itemId", "breedName", "currentStock", "costPerUnit", "expiryDate"] as const;
export const inventoryListQuery = paginationQuery.extend({
  ...sortQuery(inventorySorts, "itemId", "asc"),
  search: text().max(200).optional(),
  type: z.enum(itemTypes).optional(),
  category: z.enum(geneticCategories).optional(),
  origin: z.enum(geneticOrigins).optional(),
  status: z.enum(viabilityStatuses).optional(),
  lowStock: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  includeInactive: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});
export type InventoryListQuery = z.input<typeof inventoryListQuery>;

export const inventorySummarySchema = z.object({
  totalEmbryos: z.number().int(),
  totalSpermDoses: z.number().int(),
  viableItems: z.number().int(),
  storageUnits: z.number().int(),
});
export type InventorySummary = z.infer<typeof inventorySummarySchema>;

/** For whom: the customer's id (the form's choice) or, from older callers, the exact name. */
export const reserveInputSchema = z
  .object({
    customerId: idSchema.nullish(),
    customerName: text().max(200).nullish(),
    quantity: wholeUnits("Quantity").max(100_000),
    notes: text().max(1000).nullish(),
  })
  .refine((r) => r.customerId || r.customerName, { path: ["customerId"], message: "Choose a customer" });
export type ReserveInput = z.input<typeof reserveInputSchema>;
