import { z } from "zod";
import { countyByName } from "./counties";
import { paginationQuery, sortQuery } from "./pagination";
import { idSchema, isoDateTime, kenyanMobile, requiredText, text } from "./primitives";
import { serviceKinds, serviceRequestStatuses } from "./service-rules";

export * from "./service-rules";

/** One of Kenya's 47 counties, whatever its case, kept as the county's own name. */
const county = z
  .string({ error: "Choose a county" })
  .refine((v) => countyByName(v) !== undefined, "Choose a county")
  .transform((v) => countyByName(v)!.name);

/** Where the technician should go: a county and ward, a pin, or words, as the farmer can give them. */
export const serviceLocationSchema = z.object({
  county,
  ward: text().max(100, "At most 100 characters").optional(),
  description: text().max(300, "At most 300 characters").optional(),
  lat: z.number().min(-5, "Not in Kenya").max(5.5, "Not in Kenya").optional(),
  lng: z.number().min(33.5, "Not in Kenya").max(42.5, "Not in Kenya").optional(),
});
export type ServiceLocation = z.infer<typeof serviceLocationSchema>;

/** POST /api/client/service-requests. */
export const serviceRequestInputSchema = z.object({
  cowId: idSchema,
  kind: z.enum(serviceKinds, { error: "Choose insemination or pregnancy check" }),
  heatSeenAt: isoDateTime("Enter when you saw her in heat").optional(),
  location: serviceLocationSchema,
  phone: kenyanMobile(requiredText("Phone")),
  notes: text().max(500, "At most 500 characters").optional(),
});
export type ServiceRequestInput = z.input<typeof serviceRequestInputSchema>;

export const serviceRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(serviceKinds),
  status: z.enum(serviceRequestStatuses),
  /** `updatedAt` is the cow's version: a technician's record made against an older one is a conflict. */
  cow: z.object({
    id: z.number().int(),
    tag: z.string(),
    name: z.string().nullable(),
    breed: z.string(),
    updatedAt: z.string(),
  }),
  farmer: z.string(),
  phone: z.string(),
  location: serviceLocationSchema.extend({ county: z.string() }),
  heatSeenAt: z.string().nullable(),
  /** The visit the AM–PM rule suggests (insemination with heat seen), else null. */
  visitFrom: z.string().nullable(),
  visitTo: z.string().nullable(),
  priceKes: z.number().int(),
  notes: z.string().nullable(),
  technician: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  assignedAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** The order the visit is charged on once done (paid by M-Pesa), else null. */
  orderId: z.number().int().nullable(),
  /** Nobody assigned it within two hours. */
  overdue: z.boolean(),
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;

export const serviceRequestSorts = ["createdAt"] as const;
/** GET /api/service-requests: the dispatch board's filters. */
export const serviceRequestQuery = paginationQuery.extend({
  ...sortQuery(serviceRequestSorts, "createdAt"),
  status: z.enum(serviceRequestStatuses).optional(),
  county: county.optional(),
});
export type ServiceRequestQuery = z.infer<typeof serviceRequestQuery>;

/** GET /api/client/service-requests: the farmer's own, for one cow when asked. */
export const clientServiceRequestQuery = paginationQuery.extend({
  cowId: z.coerce.number().int().positive().optional(),
});

/** The board's counts per county of what is waiting: one aggregate. */
export const serviceBoardCountsSchema = z.array(
  z.object({
    county: z.string(),
    requested: z.number().int(),
    assigned: z.number().int(),
    overdue: z.number().int(),
  }),
);
export type ServiceBoardCounts = z.infer<typeof serviceBoardCountsSchema>;

export const assignInputSchema = z.object({ technicianId: idSchema });
export const cancelRequestSchema = z.object({
  reason: requiredText("Reason").max(300, "At most 300 characters"),
});

/** A Field Technician the dispatcher can send, with what is already on their list. */
export const fieldTechnicianSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  openJobs: z.number().int(),
});
export type FieldTechnician = z.infer<typeof fieldTechnicianSchema>;

/** The service list: what each visit costs, tax included. */
export const servicePriceSchema = z.object({ kind: z.enum(serviceKinds), priceKes: z.number().int() });
export type ServicePrice = z.infer<typeof servicePriceSchema>;
export const servicePriceInputSchema = z.object({
  priceKes: z.number().int("Whole shillings").min(0, "Not below 0").max(100_000, "At most KES 100,000"),
});
