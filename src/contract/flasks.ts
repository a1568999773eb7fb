import { z } from "zod";
import { flaskKinds, flaskMovementKinds, flaskStatuses } from "./flask-rules";
import { idSchema, isoDate, requiredText, text } from "./primitives";

export * from "./flask-rules";

const kg = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .min(0, "Not below 0")
    .max(500, "At most 500 kg")
    // 2.2 × 100 is 220.00000000000003 in floating point: compare with a tolerance, not exactly.
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "At most two decimals");

/** POST /api/flasks: a vessel joins the books. */
export const flaskInputSchema = z.object({
  serial: requiredText("Serial number").max(60, "At most 60 characters"),
  kind: z.enum(flaskKinds, { error: "Choose flask or dry shipper" }),
  capacityStraws: z.number().int("Whole straws").min(1, "At least 1").max(10_000, "At most 10,000"),
  ln2CapacityKg: kg("LN2 capacity"),
});
export type FlaskInput = z.input<typeof flaskInputSchema>;

/** POST /api/flasks/:id/lend: to a Field Technician or a client, with a due date, deposit and LN2 weight out. */
export const flaskLendSchema = z.object({
  holderUserId: idSchema,
  dueOn: isoDate(),
  depositKes: z.number().int("Whole shillings").min(0, "Not below 0").max(1_000_000, "At most KES 1,000,000"),
  weightOutKg: kg("Weight out"),
  notes: text().max(300, "At most 300 characters").optional(),
});
export type FlaskLend = z.input<typeof flaskLendSchema>;

/** POST /api/flasks/:id/return: back in the store with the weight it came back at. */
export const flaskReturnSchema = z.object({
  weightBackKg: kg("Weight back"),
  notes: text().max(300, "At most 300 characters").optional(),
});
export type FlaskReturn = z.input<typeof flaskReturnSchema>;

/** POST /api/flasks/:id/issue: straws from the cryo store into the flask, batches chosen first-expiry-first. */
export const flaskIssueSchema = z.object({
  items: z
    .array(z.object({ inventoryItemId: idSchema, quantity: z.number().int().min(1, "At least 1").max(500) }))
    .min(1, "Issue at least one straw")
    .max(20),
});
export type FlaskIssue = z.input<typeof flaskIssueSchema>;

export const flaskStrawSchema = z.object({
  inventoryItemId: z.number().int(),
  itemId: z.string(),
  bullName: z.string().nullable(),
  batchId: z.number().int(),
  batch: z.string(),
  expiryDate: z.string().nullable(),
  count: z.number().int(),
});
export type FlaskStraw = z.infer<typeof flaskStrawSchema>;

export const flaskLoanSchema = z.object({
  id: z.number().int(),
  holder: z.object({ id: z.number().int(), name: z.string(), role: z.string() }),
  lentAt: z.string(),
  dueOn: z.string(),
  depositKes: z.number().int(),
  weightOutKg: z.number(),
  returnedAt: z.string().nullable(),
  weightBackKg: z.number().nullable(),
  /** What the LN2 charge lost while out: weight out minus weight back. */
  ln2UsedKg: z.number().nullable(),
  notes: z.string().nullable(),
  overdue: z.boolean(),
});
export type FlaskLoan = z.infer<typeof flaskLoanSchema>;

export const flaskSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  kind: z.enum(flaskKinds),
  capacityStraws: z.number().int(),
  ln2CapacityKg: z.number(),
  status: z.enum(flaskStatuses),
  straws: z.number().int(),
  /** The open loan, if lent. */
  loan: flaskLoanSchema.nullable(),
});
export type Flask = z.infer<typeof flaskSchema>;

export const flaskMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(flaskMovementKinds),
  itemId: z.string(),
  batch: z.string(),
  quantity: z.number().int(),
  by: z.string().nullable(),
  at: z.string(),
});

/** GET /api/flasks/:id: the flask, the straws in it, and its history (loans and straw movements). */
export const flaskDetailSchema = flaskSchema.extend({
  contents: z.array(flaskStrawSchema),
  loans: z.array(flaskLoanSchema),
  movements: z.array(flaskMovementSchema),
});
export type FlaskDetail = z.infer<typeof flaskDetailSchema>;

/** GET /api/flasks/summary: the store's figures, from aggregates. */
export const flaskSummarySchema = z.object({
  flasks: z.number().int(),
  lent: z.number().int(),
  overdue: z.number().int(),
  straws: z.number().int(),
});
export type FlaskSummary = z.infer<typeof flaskSummarySchema>;

/** GET /api/flasks/holders: who a flask can be lent to. */
export const flaskHolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  phone: z.string().nullable(),
});
export type FlaskHolder = z.infer<typeof flaskHolderSchema>;
