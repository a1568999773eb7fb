import { z } from "zod";
import { paginationQuery, sortQuery } from "./pagination";
import { emailAddress, text } from "./primitives";

export const vendorTypes = [
  "genetics_supplier",
  "equipment_supplier",
  "feed_supplier",
  "veterinary_supplier",
  "logistics_partner",
] as const;
export const vendorTypeLabels: Record<(typeof vendorTypes)[number], string> = {
  genetics_supplier: "Genetics Supplier",
  equipment_supplier: "Equipment Supplier",
  feed_supplier: "Feed Supplier",
  veterinary_supplier: "Veterinary Supplier",
  logistics_partner: "Logistics Partner",
};

export const vendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(vendorTypes),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  contactPerson: z.string(),
  specialization: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
  rating: z.number().int(),
});
export type Vendor = z.infer<typeof vendorSchema>;

const optionalText = (max: number) =>
  text()
    .max(max)
    .nullish()
    .transform((v) => v || null);

export const vendorInputSchema = z.object({
  name: text("Name is required").min(1, "Name is required").max(200),
  type: z.enum(vendorTypes).default("genetics_supplier"),
  email: emailAddress(),
  phone: optionalText(40),
  address: optionalText(500),
  contactPerson: text("Contact person is required").min(1, "Contact person is required").max(200),
  specialization: optionalText(300),
  notes: optionalText(2000),
  /** New vendors start active with five stars whatever the form sends. */
  isActive: z.boolean().optional(),
  rating: z.number().optional(),
});
export type VendorInput = z.input<typeof vendorInputSchema>;

export const vendorStatusInputSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false" }),
});
export const vendorRatingInputSchema = z.object({
  rating: z
    .number()
    .int("Rating is a whole number of stars")
    .min(0, "Rating is 0 to 5")
    .max(5, "Rating is 0 to 5"),
});
export const vendorSorts = ["createdAt", "name", "rating"] as const;
export const vendorListQuery = paginationQuery.extend({
  ...sortQuery(vendorSorts, "createdAt"),
  /** Name, contact person, email, phone or specialization. */
  search: text().max(200).optional(),
});
export type VendorListQuery = z.input<typeof vendorListQuery>;

export const vendorSummarySchema = z.object({
  totalVendors: z.number().int(),
  activeVendors: z.number().int(),
  geneticsSuppliers: z.number().int(),
  equipmentSuppliers: z.number().int(),
});
export type VendorSummary = z.infer<typeof vendorSummarySchema>;
