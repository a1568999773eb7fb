import { isNotNull } from "drizzle-orm";
import type { z } from "zod";
import { type companyLogoSchema, LOGO_MAX_BYTES, LOGO_TYPE_MESSAGE } from "../../../contract/settings";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { businessSettings } from "../../db/schema";
import { validationError } from "../../errors";
import { checkLogo } from "../reports/pdf-thread";
import { writeSettings } from "./row";

/** What each kind of image starts with, so a file named .png is one. */
const SIGNATURES = {
  "image/png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  "image/jpeg": Buffer.from([0xff, 0xd8, 0xff]),
} as const;

type LogoType = keyof typeof SIGNATURES;
export type CompanyLogo = { type: LogoType; bytes: Buffer };

const fromDataUrl = (dataUrl: string): CompanyLogo => {
  const [head, base64] = dataUrl.split(",", 2) as [string, string];
  return {
    type: head.slice("data:".length, -";base64".length) as LogoType,
    bytes: Buffer.from(base64, "base64"),
  };
};

/** The letterhead's logo, or null before a Director uploads one. */
export async function companyLogo(db: Db): Promise<CompanyLogo | null> {
  const [row] = await db
    .select({ logo: businessSettings.logo })
    .from(businessSettings)
    .where(isNotNull(businessSettings.logo));
  return row?.logo ? fromDataUrl(row.logo) : null;
}

export const readCompanyLogo = (ctx: AppContext) => ctx.database.read(companyLogo);

/**
 * A Director's logo, kept once it is the image it says it is, small enough, and one a PDF can draw: an image
 * that would break every invoice after is refused now, with a message they can act on.
 */
export async function saveCompanyLogo(
  ctx: AppContext,
  input: z.output<typeof companyLogoSchema>,
  actorUserId: number,
): Promise<void> {
  const logo = fromDataUrl(input.logo);
  const refuse = (message: string) => validationError(message, { logo: message });
  if (logo.bytes.length > LOGO_MAX_BYTES)
    throw refuse(`The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`);
  const signature = SIGNATURES[logo.type];
  if (!logo.bytes.subarray(0, signature.length).equals(signature)) throw refuse(LOGO_TYPE_MESSAGE);
  try {
    await checkLogo(logo.bytes);
  } catch {
    throw refuse("The image could not be read: save it again as a PNG or JPEG and upload that");
  }
  await writeSettings(ctx, { logo: input.logo }, actorUserId);
}

export const removeCompanyLogo = (ctx: AppContext, actorUserId: number) =>
  writeSettings(ctx, { logo: null }, actorUserId);
