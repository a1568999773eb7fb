import { z } from "zod";
import { outcomeSources } from "./herd-rules";
import { paginationQuery, sortQuery } from "./pagination";
import { idSchema, isoDate, requiredText, text } from "./primitives";

/**
 * Cows' breeds the form offers besides the catalogue's (GET /api/catalogue/breeds): the herd breeds of
 * Kenyan farms that Urithi sells no genetics of.
 */
export const farmBreeds = ["Holstein", "Friesian", "Zebu", "Crossbred"] as const;
export const serviceTypes = ["AI", "ET", "Natural"] as const;
export const breedingStatuses = ["breeding", "pregnant", "calved", "failed", "open"] as const;
export type BreedingStatus = (typeof breedingStatuses)[number];
export const GESTATION_DAYS = 280;
/** An embryo is about a week old when transferred: an ET calf is due this long after the transfer. */
export const ET_GESTATION_DAYS = 273;
/** The earliest a pregnancy diagnosis means anything, and the shortest gestation that is a calving. */
export const PD_MIN_DAYS = 30;
export const CALVING_MIN_DAYS = 220;
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
  pregnantOn: z.string().nullable(),
  calvedOn: z.string().nullable(),
  success: z.boolean(),
  /** Who stands behind the outcome: staff, a technician or a vet, or the farmer's own report. */
  outcomeSource: z.enum(outcomeSources),
});
export type BreedingRecord = z.infer<typeof breedingRecordSchema>;

export const breedingInputSchema = z
  .object({
    animalId: requiredText("Animal ID").max(60),
    animalName: requiredText("Animal name").max(120),
    breedType: text().min(1, "Choose a breed").max(80).default("Holstein"),
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

/** Pregnant and calved ask for their day (the diagnosis, the calving); the server checks it against the service. */
export const breedingStatusInputSchema = z
  .object({
    status: z.enum(breedingStatuses, { error: "Unknown breeding status" }),
    date: isoDate("Enter a valid date").optional(),
    /** Why an outcome is corrected: needed to change a calved record, kept in the history either way. */
    reason: text().max(500).optional(),
  })
  .superRefine((r, ctx) => {
    if ((r.status === "pregnant" || r.status === "calved") && !r.date) {
      ctx.addIssue({
        code: "custom",
        path: ["date"],
        message:
          r.status === "pregnant" ? "Enter the day of the pregnancy diagnosis" : "Enter the calving date",
      });
    }
  });
export type BreedingStatusInput = z.input<typeof breedingStatusInputSchema>;

/** GET /api/breeding-records/:id/history: each outcome change, oldest first. */
export const breedingEventSchema = z.object({
  id: z.number().int(),
  fromStatus: z.enum(breedingStatuses),
  toStatus: z.enum(breedingStatuses),
  day: z.string().nullable(),
  reason: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type BreedingEvent = z.infer<typeof breedingEventSchema>;
export const breedingSorts = ["serviceDate", "animalId", "expectedCalvingDate"] as const;
export const breedingListQuery = paginationQuery.extend({
  ...sortQuery(breedingSorts, "serviceDate"),
  status: z.enum(breedingStatuses).optional(),
  /** Animal ID or name, genetic material, or the technician. */
  search: text().max(200).optional(),
  technician: text().max(120).optional(),
  /** The client (farm) whose cows they are. */
  customerId: z.coerce.number().int().positive().optional(),
  /** Services still awaiting a PD, done at least PD_MIN_DAYS ago: the cows to examine now. */
  duePd: z.enum(["true", "false"]).optional(),
});
export type BreedingListQuery = z.input<typeof breedingListQuery>;

export const breedingSummarySchema = z.object({
  totalRecords: z.number().int(),
  pregnant: z.number().int(),
  calved: z.number().int(),
  successRate: z.number().int(),
});
export type BreedingSummary = z.infer<typeof breedingSummarySchema>;

/** Whole days from one YYYY-MM-DD to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Expected calving: service date + 280 days, or transfer date + 273 for an embryo (dates as YYYY-MM-DD). */
export function expectedCalving(
  serviceDate: string,
  serviceType: (typeof serviceTypes)[number] = "AI",
): string {
  const d = new Date(`${serviceDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + (serviceType === "ET" ? ET_GESTATION_DAYS : GESTATION_DAYS));
  return d.toISOString().slice(0, 10);
}

/** GET /api/breeding/clients: whose cow a service was for, as the breeding roles may read it (no contacts). */
export const breedingClientQuery = paginationQuery.extend({
  ...sortQuery(["name"], "name", "asc"),
  search: text().max(100).optional(),
});
export const breedingClientSchema = z.object({ id: z.number().int(), name: z.string() });
export type BreedingClient = z.infer<typeof breedingClientSchema>;
