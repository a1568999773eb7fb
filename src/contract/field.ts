import { z } from "zod";
import { calfSexes, calvingEases, pdMethods, pdResults } from "./herd-rules";
import { idSchema, isoDate, text } from "./primitives";

/**
 * What a Field Technician records on a visit, queued on the phone while there is no signal and synced
 * later (issue 40 §3). `clientId` is made on the phone: a retried sync never records twice. `cowVersion`
 * is when the cow was last changed as the phone knew her: a change since is a conflict to look at.
 */
const common = {
  clientId: z.uuid("A record needs its id from the phone"),
  requestId: idSchema,
  cowId: idSchema,
  cowVersion: z.string().max(40).optional(),
  date: isoDate(),
  notes: text().max(500, "At most 500 characters").optional(),
};
const hhmm = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time like 07:30");

export const fieldRecordSchema = z.discriminatedUnion("type", [
  z.object({
    ...common,
    type: z.literal("insemination"),
    time: hhmm,
    /** The straw, from the technician's flask: which flask and which batch in it. */
    flaskId: idSchema,
    batchId: idSchema,
    /** Body condition score, 1 (thin) to 5 (fat), in quarters. */
    bodyCondition: z.number().min(1, "1 to 5").max(5, "1 to 5").multipleOf(0.25, "In quarters, like 2.75"),
    /** Served within the AM–PM window. */
    amPmOk: z.boolean(),
  }),
  z.object({
    ...common,
    type: z.literal("pd"),
    result: z.enum(pdResults, { error: "Choose pregnant or open" }),
    method: z.enum(pdMethods, { error: "Choose how she was checked" }),
  }),
  z.object({
    ...common,
    type: z.literal("calving"),
    ease: z.enum(calvingEases, { error: "Choose how the calving went" }),
    calfSex: z.enum(calfSexes, { error: "Choose the calf's sex" }),
    calfAlive: z.boolean(),
    calfTag: text().max(40).optional(),
  }),
]);
export type FieldRecord = z.input<typeof fieldRecordSchema>;

/** POST /api/field/sync. */
export const fieldSyncSchema = z.object({ records: z.array(fieldRecordSchema).min(1).max(100) });

export const fieldRecordStatuses = ["pending", "applied", "conflict", "dismissed"] as const;

/** Each record's fate: recorded (with its event), or a conflict kept with why, for the technician to see. */
export const fieldSyncResultSchema = z.object({
  clientId: z.string(),
  status: z.enum(fieldRecordStatuses),
  message: z.string().nullable(),
  eventId: z.number().int().nullable(),
});
export type FieldSyncResult = z.infer<typeof fieldSyncResultSchema>;
export const fieldSyncAnswerSchema = z.object({ results: z.array(fieldSyncResultSchema) });
export type FieldSyncAnswer = z.infer<typeof fieldSyncAnswerSchema>;

/** GET /api/field/conflicts: what did not record, with the record as the phone sent it. */
export const fieldConflictSchema = fieldSyncResultSchema.extend({
  type: z.string(),
  cow: z.string(),
  date: z.string(),
  receivedAt: z.string(),
});
export type FieldConflict = z.infer<typeof fieldConflictSchema>;
