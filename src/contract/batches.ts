import { z } from "zod";
import { placementSchema } from "./cryo-store";
import { isoDate, text } from "./primitives";

/**
 * A batch (lot) of an item: straws or embryos collected together. Each has its own expiry and, for semen,
 * the post-thaw motility measured when it was received. Pick lists take the batch that expires first
 * (FEFO), and never one that has expired.
 */
export const batchInputSchema = z
  .object({
    code: text()
      .min(1, "Batch code is required")
      .max(40)
      .regex(/^[A-Za-z0-9][A-Za-z0-9./-]*$/, "Batch code: letters, digits, dots, slashes or dashes"),
    collectedOn: isoDate("Enter a valid collection date").nullish(),
    expiryDate: isoDate("Enter a valid expiry date").nullish(),
    motilityPct: z
      .number({ error: "Motility must be a number" })
      .int("Motility must be a whole number")
      .min(0, "Motility is 0 to 100 %")
      .max(100, "Motility is 0 to 100 %")
      .nullish(),
  })
  .refine((b) => !b.collectedOn || !b.expiryDate || b.expiryDate > b.collectedOn, {
    path: ["expiryDate"],
    message: "Expiry must be after collection",
  });
export type BatchInput = z.input<typeof batchInputSchema>;

/** A new batch of an item received into stock: its details, how many units, and where they go. */
export const receiveBatchInputSchema = z.object({
  batch: batchInputSchema,
  count: z
    .number({ error: "Count must be a number" })
    .int("Count must be a whole number")
    .positive("Count must be greater than 0")
    .max(1_000_000, "Count must be at most 1000000"),
  positions: z
    .array(placementSchema.omit({ batchId: true }))
    .max(200, "At most 200 positions at once")
    .optional(),
  /** Confirms sharing a cane or goblet with another item (else 409 MIXED_POSITION). */
  allowMixing: z.boolean().default(false),
  note: text().max(500).nullish(),
});
export type ReceiveBatchInput = z.input<typeof receiveBatchInputSchema>;

export const batchSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  collectedOn: z.string().nullable(),
  expiryDate: z.string().nullable(),
  motilityPct: z.number().int().nullable(),
  receivedAt: z.string(),
  /** Straws of this batch in the store, and how many of them orders' pick lists hold. */
  placed: z.number().int(),
  allocated: z.number().int(),
  /** Past its expiry: never picked. */
  expired: z.boolean(),
});
export type Batch = z.infer<typeof batchSchema>;
