import { z } from "zod";
import { paginationQuery, sortQuery } from "./pagination";
import { emailAddress, idParamSchema, idSchema, kraPinInput, requiredText, text } from "./primitives";

export const customerTypes = ["farm", "breeder", "veterinarian", "distributor"] as const;
export const customerTypeSchema = z.enum(customerTypes, { error: "Choose a customer type" });
export type CustomerType = z.infer<typeof customerTypeSchema>;
export const customerTypeLabels: Record<CustomerType, string> = {
  farm: "Farm",
  breeder: "Breeder",
  veterinarian: "Veterinarian",
  distributor: "Distributor",
};

export const customerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: customerTypeSchema,
  /** Null for a farmer who signed up with their mobile number alone. */
  email: z.string().nullable(),
  phone: z.string(),
  address: z.string(),
  contactPerson: z.string(),
  notes: z.string().nullable(),
  /** The buyer's KRA PIN its tax invoices carry (staff set it here, a client on their account). */
  kraPin: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerInputSchema = z.object({
  name: requiredText("Name").max(200),
  type: customerTypeSchema,
  email: emailAddress(),
  phone: requiredText("Phone").max(40),
  address: requiredText("Address").max(500),
  contactPerson: requiredText("Contact person").max(200),
  kraPin: kraPinInput,
  notes: text()
    .max(2000)
    .nullish()
    .transform((v) => v || null),
});
export type CustomerInput = z.input<typeof customerInputSchema>;

export const customerUpdateSchema = customerInputSchema
  .partial()
  .extend({ isActive: z.boolean().optional() });
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;

export const customerSorts = ["createdAt", "name"] as const;
export const customerListQuery = paginationQuery.extend({
  ...sortQuery(customerSorts, "createdAt"),
  search: text().max(200).optional(),
  type: customerTypeSchema.optional(),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

/** Active customers whose names look like one being typed: a warning before a duplicate is saved. */
export const similarCustomersQuery = z.object({
  name: text().min(3).max(200),
  /** The customer being edited, which is not its own duplicate. */
  excludeId: idParamSchema.optional(),
});
export type SimilarCustomersQuery = z.input<typeof similarCustomersQuery>;

/** Two records of one customer become one: the orders and client accounts of this one move to `intoId`. */
export const customerMergeSchema = z.object({
  intoId: z.number({ error: "Choose the customer to keep" }).pipe(idSchema),
});
export type CustomerMerge = z.input<typeof customerMergeSchema>;
export const customerMergeResultSchema = z.object({
  customer: customerSchema,
  ordersMoved: z.number().int(),
  accountsMoved: z.number().int(),
});
export type CustomerMergeResult = z.infer<typeof customerMergeResultSchema>;

export const customerSummarySchema = z.object({
  /** Active customers; the per-type figures count active ones too. */
  totalCustomers: z.number().int(),
  /** Every customer on record, inactive ones included, as the list shows them. */
  allCustomers: z.number().int(),
  farms: z.number().int(),
  breeders: z.number().int(),
  veterinarians: z.number().int(),
  distributors: z.number().int(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
