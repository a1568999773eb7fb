import { z } from "zod";
import { idSchema, text } from "./primitives";
import { storageUnitTypes } from "./storage";

/**
 * The cryo store as a tree: a tank holds numbered canisters; a canister holds canes (semen straws clipped
 * on a cane) or goblets (embryo straws). A cane or goblet is the smallest thing a technician lifts out, so
 * it is the position: an item holds a count of straws at one or more positions, and the straws within one
 * position are interchangeable.
 */
export const caneKinds = ["cane", "goblet"] as const;
export type CaneKind = (typeof caneKinds)[number];
export const caneKindLabels: Record<CaneKind, string> = { cane: "Cane", goblet: "Goblet" };

/** Tank labels read "T<tank id>", canister positions "T<tank>-C<n>", canes "T<tank>-C<n>-<k>". */
export const tankLabel = (tankId: number) => `T${tankId}`;
export const caneLabel = (tankId: number, canister: number, position: number) =>
  `${tankLabel(tankId)}-C${canister}-${position}`;

const wholeCount = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be greater than 0`)
    .max(max, `${label} must be at most ${max}`);

export const canisterInputSchema = z.object({
  storageUnitId: idSchema,
  caneKind: z.enum(caneKinds, { error: "Choose canes or goblets" }),
  canes: wholeCount("Canes", 60),
  strawsPerCane: wholeCount("Straws per cane", 200),
});
export type CanisterInput = z.input<typeof canisterInputSchema>;

/** Straws put at one position: on receipt, or when stock that was never placed is placed. */
export const placementSchema = z.object({
  caneId: idSchema,
  count: wholeCount("Count", 1_000_000),
  /** The batch these straws are of; left out, the item's newest. */
  batchId: idSchema.optional(),
});
export type Placement = z.input<typeof placementSchema>;

const placementBody = z.object({
  inventoryItemId: idSchema,
  /** The batch of every placement that names none; left out, the item's newest. */
  batchId: idSchema.optional(),
  placements: z
    .array(placementSchema)
    .min(1, "Choose at least one cane or goblet")
    .max(200, "At most 200 positions at once"),
  /** Confirms keeping this item on a cane or goblet that holds another (else 409 MIXED_POSITION). */
  allowMixing: z.boolean().default(false),
});
export type PlacementInput = z.input<typeof placementBody>;

/** Straws put at many positions in one step; one position may also be sent flat, `{caneId, count}`. */
export const placementInputSchema = z.preprocess((body) => {
  if (typeof body !== "object" || body === null || !("caneId" in body)) return body;
  const { caneId, count, batchId, ...rest } = body as Record<string, unknown>;
  return { ...rest, batchId, placements: [{ caneId, count }] };
}, placementBody);

export const transferInputSchema = z
  .object({
    inventoryItemId: idSchema,
    fromCaneId: idSchema,
    toCaneId: idSchema,
    count: wholeCount("Count", 1_000_000),
    /** Which batch, where the cane holds more than one of the item. */
    batchId: idSchema.optional(),
    note: text().max(500).nullish(),
    /** Confirms moving onto a cane or goblet that holds another item (else 409 MIXED_POSITION). */
    allowMixing: z.boolean().default(false),
  })
  .refine((t) => t.fromCaneId !== t.toCaneId, {
    path: ["toCaneId"],
    message: "Choose a different position to move to",
  });
export type TransferInput = z.input<typeof transferInputSchema>;

export const caneContentSchema = z.object({
  inventoryItemId: z.number().int(),
  itemId: z.string(),
  breedName: z.string(),
  batchId: z.number().int(),
  batchCode: z.string(),
  count: z.number().int(),
  /** Straws of this count already promised to orders (on their pick lists). */
  allocated: z.number().int(),
});

export const caneSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  position: z.number().int(),
  capacity: z.number().int(),
  filled: z.number().int(),
  contents: z.array(caneContentSchema),
});
export type Cane = z.infer<typeof caneSchema>;

export const canisterSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  label: z.string(),
  caneKind: z.enum(caneKinds),
  capacity: z.number().int(),
  filled: z.number().int(),
  canes: z.array(caneSchema),
});
export type Canister = z.infer<typeof canisterSchema>;

export const tankMapSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  unitType: z.enum(storageUnitTypes),
  location: z.string(),
  capacity: z.number().int(),
  filled: z.number().int(),
  canisters: z.array(canisterSchema),
});
export type TankMap = z.infer<typeof tankMapSchema>;

export const positionSchema = z.object({
  caneId: z.number().int(),
  label: z.string(),
  batchId: z.number().int(),
  batchCode: z.string(),
  caneKind: z.enum(caneKinds),
  tankId: z.number().int(),
  tankName: z.string(),
  canister: z.number().int(),
  count: z.number().int(),
  allocated: z.number().int(),
  receivedAt: z.string(),
});
export type Position = z.infer<typeof positionSchema>;

/**
 * POST /api/storage/canisters/:id/count: what a store counts when it lifts a canister, per item: the
 * straws found in it. Each item's difference from the map moves its stock like any count (a large one waits
 * for a second person), and a shortfall comes off that canister's canes.
 */
export const canisterCountInputSchema = z.object({
  lines: z
    .array(
      z.object({
        inventoryItemId: idSchema,
        counted: z
          .number({ error: "Enter the straws counted" })
          .int("Enter a whole number")
          .min(0, "Cannot be negative")
          .max(1_000_000),
      }),
    )
    .min(1, "Count at least one item")
    .max(200),
  note: text().max(500).optional(),
});
export type CanisterCountInput = z.input<typeof canisterCountInputSchema>;

/** GET /api/storage/suggest: where `count` straws of an item would go. */
export const placementSuggestionQuery = z.object({
  inventoryItemId: z.coerce.number().int().positive(),
  count: z.coerce.number().int().positive().max(1_000_000),
});
export type PlacementSuggestionQuery = z.input<typeof placementSuggestionQuery>;

/**
 * A run of positions with room for an item: its own canes first, then empty ones of its kind in its tank,
 * in canister and cane order. `short` is what would still have no room (add a canister).
 */
export const placementSuggestionSchema = z.object({
  placements: z.array(
    z.object({ caneId: z.number().int(), label: z.string(), tankName: z.string(), count: z.number().int() }),
  ),
  short: z.number().int(),
});
export type PlacementSuggestion = z.infer<typeof placementSuggestionSchema>;

export const locateQuery = z.object({
  q: text("Type an item ID, breed or bull").min(1, "Type an item ID, breed or bull").max(100),
});

/** Where an item's straws are, and how many of its on-hand units are not placed anywhere yet. */
export const itemWhereaboutsSchema = z.object({
  inventoryItemId: z.number().int(),
  itemId: z.string(),
  breedName: z.string(),
  currentStock: z.number().int(),
  /** What the item's straws go in: semen on a cane, embryos in a goblet. */
  caneKind: z.enum(caneKinds),
  unplaced: z.number().int(),
  positions: z.array(positionSchema),
});
export type ItemWhereabouts = z.infer<typeof itemWhereaboutsSchema>;

export const transferSchema = z.object({
  id: z.number().int(),
  itemId: z.string(),
  count: z.number().int(),
  from: z.string(),
  to: z.string(),
  note: z.string().nullable(),
  movedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const pickLineSchema = z.object({
  id: z.number().int(),
  inventoryItemId: z.number().int(),
  itemId: z.string(),
  breedName: z.string(),
  /** The batch the straws are taken from, and when it expires (FEFO: the soonest first). */
  batchCode: z.string(),
  batchExpiry: z.string().nullable(),
  label: z.string(),
  caneKind: z.enum(caneKinds),
  tankName: z.string(),
  canister: z.number().int(),
  count: z.number().int(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
});
export type PickLine = z.infer<typeof pickLineSchema>;

/**
 * What to take out of the store for one order, oldest receipt first. `unplaced` are units the order holds
 * that sit in no position yet: they must be placed before they can be picked.
 */
export const pickListSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  customerName: z.string(),
  /** Where the order goes, printed on the pick list. */
  deliveryAddress: z.string().nullable(),
  lines: z.array(pickLineSchema),
  unplaced: z.array(z.object({ itemId: z.string(), count: z.number().int() })),
  allConfirmed: z.boolean(),
});
export type PickList = z.infer<typeof pickListSchema>;

export const pickScanInputSchema = z.object({
  code: text("Scan or type a label").min(1, "Scan or type a label").max(100),
});
export type PickScanInput = z.input<typeof pickScanInputSchema>;
