import { z } from "zod";
import { idSchema } from "./primitives";

export const storageUnitTypes = ["liquid_nitrogen", "dry_ice", "refrigerated"] as const;
export type StorageUnitType = (typeof storageUnitTypes)[number];
export const alertStatuses = ["normal", "warning", "critical"] as const;
export type AlertStatus = (typeof alertStatuses)[number];

/**
 * Alert thresholds in °C per kind of unit.
 * Liquid nitrogen: straws and embryos are safe at or below -185 °C; above -150 °C they approach the glass
 * transition (about -130 °C) and are at risk. Dry ice sublimes at -78.5 °C; above -60 °C the shipper is
 * nearly spent. Refrigerated units hold 2-8 °C; up to 2 °C outside that is a warning.
 */
export const temperatureThresholds = {
  liquid_nitrogen: { normalAtOrBelow: -185, warningAtOrBelow: -150 },
  dry_ice: { normalAtOrBelow: -70, warningAtOrBelow: -60 },
  refrigerated: { normalMin: 2, normalMax: 8, margin: 2 },
} as const;

export function alertStatusFor(unitType: StorageUnitType, temperature: number): AlertStatus {
  if (unitType === "refrigerated") {
    const t = temperatureThresholds.refrigerated;
    if (temperature >= t.normalMin && temperature <= t.normalMax) return "normal";
    if (temperature >= t.normalMin - t.margin && temperature <= t.normalMax + t.margin) return "warning";
    return "critical";
  }
  const t = temperatureThresholds[unitType];
  if (temperature <= t.normalAtOrBelow) return "normal";
  if (temperature <= t.warningAtOrBelow) return "warning";
  return "critical";
}

export const storageConditionSchema = z.object({
  id: z.number().int(),
  storageUnit: z.string(),
  unitType: z.enum(storageUnitTypes),
  location: z.string(),
  /** °C */
  temperature: z.number(),
  alertStatus: z.enum(alertStatuses),
  /** Units of genetic material (straws and embryos) on hand in this unit. */
  affectedSamples: z.number().int(),
  lastUpdated: z.string(),
});
export type StorageCondition = z.infer<typeof storageConditionSchema>;

export const temperatureReadingInputSchema = z.object({
  storageUnitId: idSchema,
  temperature: z
    .number({ error: "Temperature must be a number" })
    .min(-273, "Temperature cannot be below absolute zero")
    .max(100, "Temperature must be at most 100 °C")
    .refine((t) => Math.round(t * 10) === t * 10, "Temperature has at most one decimal"),
});
export type TemperatureReadingInput = z.input<typeof temperatureReadingInputSchema>;

export const storageUnitTypeLabels: Record<StorageUnitType, string> = {
  liquid_nitrogen: "LN2 tank",
  dry_ice: "Dry ice shipper",
  refrigerated: "Refrigerator",
};
