import { z } from "zod";
import { paginationQuery } from "./pagination";
import { idSchema, isoDate, requiredText, text } from "./primitives";

export const breedTypes = ["Holstein", "Friesian", "Jersey", "Ayrshire", "Zebu", "Sahiwal"] as const;
export const serviceTypes = ["AI", "ET", "Natural"] as const;
export const breedingStatuses = ["breeding", "pregnant", "calved", "failed", "open"] as const;
export type BreedingStatus = (typeof breedingStatuses)[number];
export const GESTATION_DAYS = 280;
/** The four vets who perform services; the first is the form's default. */
export const technicians = [
  "Dr. Sarah Wanjiku",
  "Dr. Michael Ochieng",
  "Dr. Grace Muthoni",
  "Dr. Peter Kiprotich",
] as const;

/** Pregnant and calved records count as a success; the rest do not. */
export const isSuccessStatus = (s: BreedingStatus) => s === "pregnant" || s === "calved";

export const breedingRecordSchema = z.object({
  id: z.number().int(),
  animalId: z.string(),
  animalName: z.string(),
  breedType: z.string(),
  serviceType: z.enum(serviceTypes),
  serviceDate: z.string(),
  technician: z.string(),
  geneticMaterial: z.string(),
  inventoryItemId: z.number().int().nullable(),
  /** The batch the straw or embryo came from, where known: its conception rate is measured too. */
  batchId: z.number().int().nullable(),
  /** The client whose cow it is, so the service counts towards the bull's measured fertility. */
  customerId: z.number().int().nullable(),
  notes: z.string().nullable(),
  expectedCalvingDate: z.string(),
  status: z.enum(breedingStatuses),
  success: z.boolean(),
});
export type BreedingRecord = z.infer<typeof breedingRecordSchema>;

export const breedingInputSchema = z
  .object({
    animalId: requiredText("Animal ID").max(60),
    animalName: requiredText("Animal name").max(120),
    breedType: z.enum(breedTypes).default("Holstein"),
    serviceType: z.enum(serviceTypes).default("AI"),
    serviceDate: isoDate("Enter a valid service date"),
    technician: requiredText("Technician").max(120),
    geneticMaterial: requiredText("Genetic material").max(200),
    /** When the material comes from our inventory, one unit of it is used. */
    inventoryItemId: idSchema.nullish(),
    /** Which of the item's batches; its straws on the canes give the unit. */
    batchId: idSchema.nullish(),
    customerId: idSchema.nullish(),
    notes: text().max(2000).nullish(),
  })
  .refine((r) => !r.batchId || r.inventoryItemId, {
    path: ["batchId"],
    message: "A batch is of an item from our stock: choose the item first",
  });
export type BreedingInput = z.input<typeof breedingInputSchema>;

export const breedingStatusInputSchema = z.object({
  status: z.enum(breedingStatuses, { error: "Unknown breeding status" }),
});
export const breedingListQuery = paginationQuery.extend({ status: z.enum(breedingStatuses).optional() });
export type BreedingListQuery = z.input<typeof breedingListQuery>;

export const breedingSummarySchema = z.object({
  totalRecords: z.number().int(),
  pregnant: z.number().int(),
  calved: z.number().int(),
  successRate: z.number().int(),
});
export type BreedingSummary = z.infer<typeof breedingSummarySchema>;

/** Expected calving: service date + 280 days (dates as YYYY-MM-DD). */
export function expectedCalving(serviceDate: string): string {
  const d = new Date(`${serviceDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + GESTATION_DAYS);
  return d.toISOString().slice(0, 10);
}
