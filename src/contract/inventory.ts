import { z } from "zod";

export const itemTypes = ["embryo", "sperm"] as const;
export const viabilityStatuses = ["viable", "expired", "compromised"] as const;
export const geneticCategories = ["dairy", "beef", "dual_purpose"] as const;
export const geneticOrigins = ["Brazil", "Kenya", "Brazil_Kenya"] as const;
export const originLabels: Record<(typeof geneticOrigins)[number], string> = {
  Brazil: "Brazilian (URUS)",
  Kenya: "Local Kenyan",
  Brazil_Kenya: "Crossbreed",
};
/** At or below this many available units an item counts as low stock. */
export const LOW_STOCK_THRESHOLD = 20;

export const geneticDataSchema = z.object({
  category: z.enum(geneticCategories),
  origin: z.enum(geneticOrigins),
  milk_yield: z.string().optional(),
  weight_gain: z.string().optional(),
  heat_tolerance: z.string().optional(),
  breeding_value: z.number().min(0).max(100).optional(),
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
] as const;
