import { z } from "zod";
import { paginationQuery, sortQuery } from "./pagination";
import { idSchema, text } from "./primitives";
import { alertStatuses, storageUnitTypes } from "./storage";

/** How a tank's liquid nitrogen was measured: a dipstick (read in cm, or % on a marked stick) or a scale (%). */
export const levelMethods = ["dipstick", "scale"] as const;
export const levelUnits = ["cm", "percent"] as const;
export const levelMethodLabels: Record<(typeof levelMethods)[number], string> = {
  dipstick: "Dipstick",
  scale: "Scale",
};

/**
 * A level this close above the tank's minimum safe level is a warning; at or below the minimum it is
 * critical. A refill is due this many days before the forecast reaches the minimum (supplier lead time).
 */
export const LEVEL_WARNING_MARGIN_PCT = 10;
export const REFILL_LEAD_DAYS = 3;

/** A level this many points above the last one, with no refill since, asks "Did you refill?". */
export const LEVEL_RISE_WITHOUT_REFILL_PCT = 5;

const refillLitres = z
  .number({ error: "Litres must be a number" })
  .positive("Litres must be more than 0")
  .max(1000, "Litres must be at most 1000")
  .refine((v) => Math.round(v * 10) === v * 10, "Litres has at most one decimal");
const refillSupplier = text("Supplier is required")
  .min(2, "Supplier is required")
  .max(100, "Supplier is too long");

export const levelReadingInputSchema = z
  .object({
    storageUnitId: idSchema,
    method: z.enum(levelMethods, { error: "Choose dipstick or scale" }),
    unit: z.enum(levelUnits, { error: "Choose cm or %" }),
    value: z
      .number({ error: "Level must be a number" })
      .min(0, "Level cannot be negative")
      .max(300, "Level must be at most 300")
      .refine((v) => Math.round(v * 10) === v * 10, "Level has at most one decimal"),
    /** The answer to "Did you refill?": the refill this reading follows, recorded with it. */
    refill: z.object({ litres: refillLitres, supplier: refillSupplier }).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.unit === "percent" && r.value > 100)
      ctx.addIssue({ code: "custom", path: ["value"], message: "Level must be at most 100%" });
    if (r.method === "scale" && r.unit === "cm")
      ctx.addIssue({ code: "custom", path: ["unit"], message: "A scale reads the level in %" });
  });
export type LevelReadingInput = z.input<typeof levelReadingInputSchema>;

export const refillInputSchema = z.object({
  storageUnitId: idSchema,
  litres: refillLitres,
  supplier: refillSupplier,
  /** The level measured just after filling, in %; the forecast starts again from it. */
  levelAfterPct: z
    .number({ error: "Level must be a number" })
    .min(0, "Level cannot be negative")
    .max(100, "Level must be at most 100%")
    .nullable()
    .optional(),
});
export type RefillInput = z.input<typeof refillInputSchema>;

const optionalMeasure = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    .max(max, `${label} must be at most ${max}`)
    .nullable()
    .optional();

/** A new tank, shipper or fridge. LN2 tanks take their size and dipstick depth for the level maths. */
export const tankInputSchema = z.object({
  name: text("Name is required").min(2, "Name is required").max(60, "Name is too long"),
  unitType: z.enum(storageUnitTypes, { error: "Choose a kind of unit" }),
  location: text("Location is required").min(2, "Location is required").max(120, "Location is too long"),
  temperature: z
    .number({ error: "Temperature must be a number" })
    .min(-273, "Temperature cannot be below absolute zero")
    .max(100, "Temperature must be at most 100 °C"),
  capacityLitres: optionalMeasure("Capacity", 10_000),
  fullLevelCm: optionalMeasure("Full depth", 300),
  minSafeLevelPct: z
    .number({ error: "Minimum level must be a number" })
    .int("Minimum level is a whole %")
    .min(5, "Minimum level must be at least 5%")
    .max(90, "Minimum level must be at most 90%")
    .default(30),
});
export type TankInput = z.input<typeof tankInputSchema>;

/** A storage unit with its LN2 level and what its readings forecast. Dates are Nairobi calendar days. */
export const tankSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unitType: z.enum(storageUnitTypes),
  location: z.string(),
  temperature: z.number(),
  alertStatus: z.enum(alertStatuses),
  lastUpdated: z.string(),
  capacityLitres: z.number().nullable(),
  fullLevelCm: z.number().nullable(),
  minSafeLevelPct: z.number(),
  /** Latest LN2 level reading; null for units that hold no LN2 or were never dipped. */
  level: z.object({ pct: z.number(), recordedAt: z.string() }).nullable(),
  /** Percentage points lost per day since the last refill; null until two readings a half day apart. */
  evaporationPctPerDay: z.number().nullable(),
  minSafeOn: z.string().nullable(),
  nextRefillOn: z.string().nullable(),
  refillOverdue: z.boolean(),
  lastRefill: z.object({ at: z.string(), litres: z.number(), supplier: z.string() }).nullable(),
  /** Straws and embryos on hand in the unit, and their value at list price. */
  samples: z.number().int(),
  stockAtRiskKes: z.number().int(),
});
export type Tank = z.infer<typeof tankSchema>;

export const storageAlertKinds = ["temperature", "ln2_level", "refill_overdue"] as const;
export const storageAlertKindLabels: Record<(typeof storageAlertKinds)[number], string> = {
  temperature: "Temperature",
  ln2_level: "LN2 level",
  refill_overdue: "Refill overdue",
};
export const alertSeverities = ["warning", "critical"] as const;

export const storageAlertSchema = z.object({
  id: z.number().int(),
  storageUnitId: z.number().int(),
  storageUnit: z.string(),
  kind: z.enum(storageAlertKinds),
  severity: z.enum(alertSeverities),
  message: z.string(),
  raisedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  acknowledgementNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** The condition stopped; the alert resolves when a person acknowledges it. */
  clearedAt: z.string().nullable(),
});
export type StorageAlert = z.infer<typeof storageAlertSchema>;

/** `open`: not yet acknowledged and still true; `history`: acknowledged or resolved. */
export const alertViews = ["open", "history"] as const;
/** Tanks, their conditions and the store map: by name. */
export const storageUnitQuery = paginationQuery.extend(sortQuery(["name"], "name", "asc"));
/** Moves between canes: newest first. */
export const transferListQuery = paginationQuery.extend(sortQuery(["createdAt"], "createdAt"));

export const storageAlertQuery = paginationQuery.extend({
  view: z.enum(alertViews).default("open"),
  /** Open alerts come critical first, then by this. */
  ...sortQuery(["raisedAt"], "raisedAt"),
});
export type StorageAlertQuery = z.infer<typeof storageAlertQuery>;
export type StorageAlertParams = z.input<typeof storageAlertQuery>;

export const acknowledgeAlertSchema = z.object({
  note: text("Note is required")
    .min(3, "Say what was done (at least 3 characters)")
    .max(500, "Note is too long"),
});
export type AcknowledgeAlertInput = z.input<typeof acknowledgeAlertSchema>;

/** POST /api/storage/readings/:id/void and /api/storage/levels/:id/void. */
export const voidReadingSchema = z.object({
  reason: text("Say why this reading is wrong")
    .min(3, "Say why this reading is wrong (at least 3 characters)")
    .max(500, "Reason is too long"),
});
export type VoidReadingInput = z.input<typeof voidReadingSchema>;

export const readingListQuery = paginationQuery.extend({
  ...sortQuery(["recordedAt"], "recordedAt"),
  storageUnitId: z.coerce.number({ error: "Choose a storage unit" }).int().positive(),
});
export type ReadingListQuery = z.input<typeof readingListQuery>;

const voidFields = {
  recordedAt: z.string(),
  recordedBy: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
  voidReason: z.string().nullable(),
};

export const temperatureReadingSchema = z.object({
  id: z.number().int(),
  storageUnitId: z.number().int(),
  temperature: z.number(),
  alertStatus: z.enum(alertStatuses),
  ...voidFields,
});
export type TemperatureReading = z.infer<typeof temperatureReadingSchema>;

export const levelReadingSchema = z.object({
  id: z.number().int(),
  storageUnitId: z.number().int(),
  method: z.enum(levelMethods),
  unit: z.enum(levelUnits),
  value: z.number(),
  levelPct: z.number(),
  ...voidFields,
});
export type LevelReading = z.infer<typeof levelReadingSchema>;
