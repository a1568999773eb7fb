import { z } from "zod";
import { MAX_DISCOUNT_PCT } from "./orders";
import { emailAddress, text } from "./primitives";

/**
 * GET/PUT /api/settings/discounts: the largest line discount a Sales Manager may give. An order with a
 * larger one is placed, and waits for a Director (the `pricing` permission) to approve it.
 */
export const discountSettingsSchema = z.object({
  salesDiscountLimitPct: z
    .number({ error: "Enter a whole percentage" })
    .int("Enter a whole percentage")
    .min(0, "The limit cannot be negative")
    .max(MAX_DISCOUNT_PCT, `The limit can be at most ${MAX_DISCOUNT_PCT}%`),
});
export type DiscountSettings = z.infer<typeof discountSettingsSchema>;

export const discountSettingsReadSchema = discountSettingsSchema.extend({
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type DiscountSettingsRead = z.infer<typeof discountSettingsReadSchema>;

/** GET/PUT /api/settings/business: the name and contacts that head every printed report. */
export const businessDetailsSchema = z.object({
  tradeName: text().min(1, "Trade name is required").max(200),
  address: text().min(1, "Address is required").max(300),
  phone: text()
    .max(40)
    .nullish()
    .transform((v) => v || null),
  email: z
    .union([z.literal(""), emailAddress()])
    .nullish()
    .transform((v) => v || null),
});
export type BusinessDetails = z.output<typeof businessDetailsSchema>;
export type BusinessDetailsInput = z.input<typeof businessDetailsSchema>;
export const businessDetailsReadSchema = z.object({
  tradeName: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
