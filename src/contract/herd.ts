import { z } from "zod";
import { semenTypes } from "./genetics";
import {
  calfSexes,
  calvingEases,
  cowEventSources,
  cowEventTypes,
  cowStatuses,
  exitReasons,
  pdMethods,
  pdResults,
  reminderKinds,
} from "./herd-rules";
import { idSchema, isoDate, requiredText, text } from "./primitives";

export * from "./herd-rules";

const tag = requiredText("Tag").max(40, "At most 40 characters");
const pastDate = isoDate();

export const cowInputSchema = z.object({
  tag,
  name: text().max(60, "At most 60 characters").optional(),
  breed: requiredText("Breed").max(60, "At most 60 characters"),
  birthDate: pastDate.nullish(),
  parity: z.number().int().min(0).max(20).optional(),
  lastCalvingDate: pastDate.nullish(),
});
export type CowInput = z.input<typeof cowInputSchema>;

/** PATCH /api/client/cows/:id: any field, and `reminders` (the cow calendar's SMS for this cow, on or off). */
export const cowUpdateSchema = cowInputSchema.partial().extend({ reminders: z.boolean().optional() });

export const cowSchema = z.object({
  id: z.number().int(),
  tag: z.string(),
  name: z.string().nullable(),
  breed: z.string(),
  birthDate: z.string().nullable(),
  parity: z.number().int(),
  lastCalvingDate: z.string().nullable(),
  status: z.enum(cowStatuses),
  reminders: z.boolean(),
  /** Her newest event, and the next reminder still to come. */
  lastEvent: z.object({ type: z.enum(cowEventTypes), date: z.string() }).nullable(),
  nextReminder: z.object({ kind: z.enum(reminderKinds), dueOn: z.string() }).nullable(),
});
export type Cow = z.infer<typeof cowSchema>;

const base = { date: pastDate, notes: text().max(500).optional() };
/** POST /api/client/cows/:id/events: one event of ADGG's model. */
export const cowEventInputSchema = z.discriminatedUnion("type", [
  z.object({ ...base, type: z.literal("heat") }),
  z
    .object({
      ...base,
      type: z.literal("insemination"),
      /** HH:MM, for the AM–PM rule. */
      time: text()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time like 07:30")
        .optional(),
      /** A straw this client bought: the order line it came on. */
      orderItemId: idSchema.optional(),
      otherSemen: text().max(120).optional(),
      technician: text().max(80).optional(),
    })
    .refine((e) => (e.orderItemId === undefined) !== !e.otherSemen, {
      message: "Pick a straw you bought, or describe the other semen",
      path: ["orderItemId"],
    }),
  z.object({
    ...base,
    type: z.literal("pd"),
    result: z.enum(pdResults, { error: "Choose pregnant or open" }),
    method: z.enum(pdMethods).optional(),
    examiner: text().max(80).optional(),
  }),
  z.object({
    ...base,
    type: z.literal("calving"),
    ease: z.enum(calvingEases, { error: "Choose how the calving went" }),
    calfSex: z.enum(calfSexes, { error: "Choose the calf's sex" }),
    calfAlive: z.boolean(),
    calfTag: text().max(40).optional(),
  }),
  z.object({
    ...base,
    type: z.literal("exit"),
    reason: z.enum(exitReasons, { error: "Choose sold or died" }),
  }),
]);
export type CowEventInput = z.input<typeof cowEventInputSchema>;

export const cowEventSchema = z.object({
  id: z.number().int(),
  cowId: z.number().int(),
  type: z.enum(cowEventTypes),
  date: z.string(),
  time: z.string().nullable(),
  source: z.enum(cowEventSources),
  /** Insemination: the straw as sold on its order line, and its batch where the pick names one, or other semen. */
  orderItemId: z.number().int().nullable(),
  straw: z
    .object({
      productName: z.string(),
      bullName: z.string().nullable(),
      bullCode: z.string().nullable(),
      semenType: z.enum(semenTypes).nullable(),
    })
    .nullable(),
  batch: z.string().nullable(),
  otherSemen: z.string().nullable(),
  technician: z.string().nullable(),
  result: z.enum(pdResults).nullable(),
  method: z.enum(pdMethods).nullable(),
  examiner: z.string().nullable(),
  ease: z.enum(calvingEases).nullable(),
  calfSex: z.enum(calfSexes).nullable(),
  calfAlive: z.boolean().nullable(),
  calfTag: z.string().nullable(),
  reason: z.enum(exitReasons).nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type CowEvent = z.infer<typeof cowEventSchema>;

/** GET /api/client/calendar: the reminders still to come, soonest first. */
export const reminderSchema = z.object({
  id: z.number().int(),
  cowId: z.number().int(),
  cowTag: z.string(),
  cowName: z.string().nullable(),
  kind: z.enum(reminderKinds),
  dueOn: z.string(),
  lastOn: z.string(),
});
export type Reminder = z.infer<typeof reminderSchema>;

/** GET /api/client/straws: the straws this client bought and has not yet recorded as used. */
export const boughtStrawSchema = z.object({
  orderItemId: z.number().int(),
  orderNumber: z.string(),
  /** The line as sold: the product and the bull (the web names it in the reader's language). */
  productName: z.string(),
  bullName: z.string().nullable(),
  bullCode: z.string().nullable(),
  semenType: z.enum(semenTypes).nullable(),
  bought: z.number().int(),
  used: z.number().int(),
});
export type BoughtStraw = z.infer<typeof boughtStrawSchema>;

/** POST /api/messages/incoming: Africa's Talking's incoming-message callback (form fields). */
export const incomingSmsSchema = z.object({
  id: text().min(1, "id is required").max(200),
  from: text().min(1, "from is required").max(40),
  text: text().max(1000).default(""),
  to: text().max(40).optional(),
  date: text().max(40).optional(),
  linkId: text().max(200).optional(),
  networkCode: text().max(20).optional(),
});
export type IncomingSms = z.output<typeof incomingSmsSchema>;

/** POST /api/client/cows/import: a CSV of cows (a header row naming the fields, then one cow a line). */
export const cowImportSchema = z.object({
  csv: text().min(1, "Choose a CSV file").max(200_000, "At most 200,000 characters"),
});
export const cowImportResultSchema = z.object({ imported: z.number().int() });
/** The columns a cow CSV may have, as its header names them; tag and breed are required. */
export const cowCsvColumns = ["tag", "name", "breed", "birthDate", "parity", "lastCalvingDate"] as const;
/** Cows one file may add. */
export const COW_IMPORT_MAX_ROWS = 500;
