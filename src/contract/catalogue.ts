import { z } from "zod";
import { breedGoals } from "./breed-goals";
import { CATALOGUE_PAGE, catalogueSorts } from "./catalogue-limits";
import { shopProductSchema } from "./client";
import { catalogueRegions, countyByName, heatStressLevels, zones } from "./counties";
import { fertilitySchema, geneticsSchema, semenTypes, toleranceLevels } from "./genetics";
import { geneticCategories, geneticOrigins } from "./inventory";
import { MAX_INT32, text } from "./primitives";

export { CATALOGUE_PAGE, type CatalogueSort, catalogueSorts, MAX_COMPARE } from "./catalogue-limits";

const flag = z.enum(["true", "false"]).transform((v) => v === "true");
const atLeast = (max: number) => z.coerce.number().min(-max).max(max).optional();
const kes = z.coerce.number().int().min(0).max(MAX_INT32).optional();

/**
 * The shop's search: every filter is a query parameter, so a farmer can share the address of a search.
 * Trait filters keep only items whose figure is known and passes.
 */
export const catalogueQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(CATALOGUE_PAGE),
  offset: z.coerce.number().int().min(0).default(0),
  search: text().max(200).optional(),
  type: z.enum(["embryo", "semen"]).optional(),
  category: z.enum(geneticCategories).optional(),
  /** Only what can be ordered now (on hand less reserved). */
  inStock: flag.optional(),
  breed: text().max(120).optional(),
  semenType: z.enum(semenTypes).optional(),
  milkMin: atLeast(5000),
  fatPctMin: atLeast(1),
  calvingEaseMax: z.coerce.number().min(0).max(20).optional(),
  /** At least this tolerance of heat. */
  heatTolerance: z.enum(toleranceLevels).optional(),
  reliabilityMin: z.coerce.number().int().min(0).max(99).optional(),
  a2a2: flag.optional(),
  polled: flag.optional(),
  region: text().max(60).optional(),
  priceMin: kes,
  priceMax: kes,
  /** Exactly these items, for the compare screen (comma-separated ids). */
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,9}$/, "ids: up to 10 comma-separated ids")
    .transform((s) => s.split(",").map(Number))
    .optional(),
  sort: z.enum(catalogueSorts).default("name"),
});
export type CatalogueQuery = z.input<typeof catalogueQuery>;

/** A product as the catalogue, the compare screen and the proof sheet show it. */
export const catalogueProductSchema = shopProductSchema.extend({
  category: z.enum(geneticCategories),
  origin: z.enum(geneticOrigins),
  regionSuitability: z.array(z.string()),
  acquiredFrom: z.string(),
  expiryDate: z.string().nullable(),
  breedingValue: z.number().nullable(),
  genetics: geneticsSchema,
  /** Conception rate of the bull (all his straws we sold and used) or of this embryo lot. */
  fertility: fertilitySchema,
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

/** A batch a buyer would be sent from: not expired, with straws in the store no order holds. */
export const batchOnSaleSchema = z.object({
  code: z.string(),
  collectedOn: z.string().nullable(),
  expiryDate: z.string().nullable(),
  motilityPct: z.number().int().nullable(),
});
export type BatchOnSale = z.infer<typeof batchOnSaleSchema>;

/** A product's proof sheet: the catalogue's figures and the batches on sale, soonest expiry first. */
export const proofSheetSchema = catalogueProductSchema.extend({ batches: z.array(batchOnSaleSchema) });
export type ProofSheet = z.infer<typeof proofSheetSchema>;

/** The breeds in the catalogue with how many sellable products each has, for the filter. */
export const catalogueBreedSchema = z.object({ breed: z.string(), count: z.number().int() });
export type CatalogueBreed = z.infer<typeof catalogueBreedSchema>;

/** One line of the staff Fertility report: whose rate, and the rate as the catalogue shows it. */
export const fertilityLineSchema = fertilitySchema.extend({
  label: z.string(),
  detail: z.string().nullable(),
});
export type FertilityLine = z.infer<typeof fertilityLineSchema>;

/** A batch's line, beside its bull's rate, and when it was flagged as conceiving well below him. */
export const batchFertilityLineSchema = fertilityLineSchema.extend({
  bullRate: z.number().nullable(),
  flaggedAt: z.string().nullable(),
});
export type BatchFertilityLine = z.infer<typeof batchFertilityLineSchema>;

/** Conception rates from our own services: per bull, per embryo lot, per technician, sexed vs conventional. */
export const fertilityReportSchema = z.object({
  minimumServices: z.number().int(),
  bulls: z.array(fertilityLineSchema),
  embryoLots: z.array(fertilityLineSchema),
  technicians: z.array(fertilityLineSchema),
  semenTypes: z.array(fertilityLineSchema),
  /** Per batch of an item, for services that recorded theirs. */
  batches: z.array(batchFertilityLineSchema),
});
export type FertilityReport = z.infer<typeof fertilityReportSchema>;

/** What the Breed Assistant read from a question: the farmer's county or region, and their goal. */
export const recommendationQuery = z
  .object({
    county: z
      .string()
      .trim()
      .refine((name) => countyByName(name) !== undefined, "Choose one of Kenya's 47 counties")
      .optional(),
    region: z.enum(catalogueRegions).optional(),
    goal: z.enum(breedGoals).optional(),
  })
  .refine((q) => q.county || q.region || q.goal, "Give a county, a region or a goal");
export type RecommendationAsk = z.input<typeof recommendationQuery>;

/**
 * In-stock products that fit the farm and the goal, best first. `exact` is false when nothing in stock fits
 * the region, and the products are the best for the goal and the heat elsewhere.
 */
export const recommendationSchema = z.object({
  county: z
    .object({
      name: z.string(),
      zone: z.enum(zones),
      altitude: z.tuple([z.number(), z.number()]),
      heatStress: z.enum(heatStressLevels),
    })
    .nullable(),
  region: z.enum(catalogueRegions).nullable(),
  goal: z.enum(breedGoals).nullable(),
  exact: z.boolean(),
  products: z.array(catalogueProductSchema),
});
export type Recommendation = z.infer<typeof recommendationSchema>;
