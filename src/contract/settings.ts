import { z } from "zod";
import { MAX_DISCOUNT_PCT } from "./orders";
import { emailAddress, kraPinInput, text } from "./primitives";

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

/**
 * GET/PUT /api/client/tax-details: the buyer's KRA PIN a client keeps on their account; their tax invoices
 * carry it from then on, so a farm company can claim the expense.
 */
export const clientTaxDetailsSchema = z.object({ kraPin: kraPinInput });
export type ClientTaxDetailsInput = z.input<typeof clientTaxDetailsSchema>;
export const clientTaxDetailsReadSchema = z.object({ kraPin: z.string().nullable() });
export type ClientTaxDetails = z.infer<typeof clientTaxDetailsReadSchema>;

const optionalText = (max: number) =>
  text()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/**
 * GET/PUT /api/settings/company (Directors): the business as its documents name it. Its name and contacts
 * head every printed report; its KRA PIN and eTIMS branch go to KRA with every sale; the bank details are
 * what clients paying by transfer are shown (the BANK_* environment variables until they are set here).
 */
export const companySettingsSchema = z.object({
  tradeName: text().min(1, "Trade name is required").max(200),
  address: text().min(1, "Address is required").max(300),
  phone: optionalText(40),
  email: z
    .union([z.literal(""), emailAddress()])
    .nullish()
    .transform((v) => v || null),
  kraPin: kraPinInput,
  bhfId: text()
    .regex(/^\d{2}$/, "The branch id is two digits (00 for the head office)")
    .default("00"),
  bankName: optionalText(120),
  bankAccountName: optionalText(120),
  bankAccountNumber: optionalText(40),
  bankBranch: optionalText(120),
});
export type CompanySettingsInput = z.input<typeof companySettingsSchema>;

export const companySettingsReadSchema = z.object({
  tradeName: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  kraPin: z.string().nullable(),
  bhfId: z.string(),
  bankName: z.string(),
  bankAccountName: z.string(),
  bankAccountNumber: z.string(),
  bankBranch: z.string(),
  /** Whether a logo heads the PDFs; GET /api/settings/company/logo serves it. */
  hasLogo: z.boolean(),
});
export type CompanySettings = z.infer<typeof companySettingsReadSchema>;

/** A logo stays small: it travels in every PDF and in the one settings row. */
export const LOGO_MAX_BYTES = 256 * 1024;
export const logoTypes = ["image/png", "image/jpeg"] as const;
export const LOGO_TYPE_MESSAGE = "The logo must be a PNG or JPEG image";

/**
 * PUT /api/settings/company/logo (Directors): the letterhead's logo as a data URL, as a browser reads a
 * file. The server checks the bytes are the image they claim and that a PDF can draw them.
 */
export const companyLogoSchema = z.object({
  logo: z
    .string({ error: "Choose an image" })
    .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 40, `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`)
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, LOGO_TYPE_MESSAGE),
});
export type CompanyLogoInput = z.input<typeof companyLogoSchema>;
