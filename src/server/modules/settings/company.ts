import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { CompanySettings, companySettingsSchema } from "../../../contract/settings";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import { answerOf, type Db, prepared } from "../../db/adapter";
import { businessSettings } from "../../db/schema";
import type { Letterhead } from "../reports/pdf-thread";
import { companyLogo } from "./logo";
import { writeSettings } from "./row";

const b = businessSettings;

/**
 * Every column but the logo's bytes, which only PDFs read (readLetterhead). Prepared: the eTIMS screen reads
 * it for every page's QR links, and on PGlite an unprepared read is parsed, planned and answered on the
 * database's thread each time (decision 51, "Later").
 */
const settingsStatement = prepared<Record<string, never>, Partial<CompanySettings>>(
  "company_settings",
  () =>
    sql`select ${answerOf({
      tradeName: b.tradeName,
      address: b.address,
      phone: b.phone,
      email: b.email,
      kraPin: b.kraPin,
      bhfId: b.bhfId,
      bankName: b.bankName,
      bankAccountName: b.bankAccountName,
      bankAccountNumber: b.bankAccountNumber,
      bankBranch: b.bankBranch,
    })}, ${b.logo} is not null as "hasLogo" from ${b}`,
);

/**
 * The business as its documents name it (the migration writes the one settings row). Bank details not set
 * here yet are the BANK_* environment variables: the first-run defaults.
 */
export async function companySettings(db: Db, bank: Config["bank"]): Promise<CompanySettings> {
  const [row] = await settingsStatement(db, {});
  return {
    tradeName: row?.tradeName ?? "Urithi Genetics Ltd",
    address: row?.address ?? "Nakuru, Kenya",
    phone: row?.phone ?? null,
    email: row?.email ?? null,
    kraPin: row?.kraPin ?? null,
    bhfId: row?.bhfId ?? "00",
    bankName: row?.bankName ?? bank.bankName,
    bankAccountName: row?.bankAccountName ?? bank.accountName,
    bankAccountNumber: row?.bankAccountNumber ?? bank.accountNumber,
    bankBranch: row?.bankBranch ?? bank.branch,
    hasLogo: row?.hasLogo ?? false,
  };
}

export const readCompanySettings = (ctx: AppContext) =>
  ctx.database.read((db) => companySettings(db, ctx.config.bank));

/** A Director changes them; who and when stay on the row. */
export async function saveCompanySettings(
  ctx: AppContext,
  input: z.output<typeof companySettingsSchema>,
  actorUserId: number,
): Promise<CompanySettings> {
  await writeSettings(ctx, input, actorUserId);
  return readCompanySettings(ctx);
}

/** The lines at the head of a printed document: name, address, contacts, and the KRA PIN once set. */
const letterheadLines = (c: CompanySettings): string[] =>
  [
    c.tradeName,
    c.address,
    [c.phone, c.email].filter(Boolean).join(" · "),
    c.kraPin ? `KRA PIN ${c.kraPin}` : "",
  ].filter(Boolean);

/**
 * The head of a printed document as the company's settings are now, in one read; the logo's bytes only when
 * there is one and the document draws it (a CSV has no use for it).
 */
export function readLetterhead(ctx: AppContext, { logo = true } = {}): Promise<Letterhead> {
  return ctx.database.read(async (db) => {
    const company = await companySettings(db, ctx.config.bank);
    const image = logo && company.hasLogo ? await companyLogo(db) : null;
    return { lines: letterheadLines(company), logo: image?.bytes ?? null };
  });
}

/** The bank details clients paying by transfer are shown: the company's, else the environment's. */
export async function companyBank(db: Db, defaults: Config["bank"]): Promise<Config["bank"]> {
  const c = await companySettings(db, defaults);
  return {
    bankName: c.bankName,
    accountName: c.bankAccountName,
    accountNumber: c.bankAccountNumber,
    branch: c.bankBranch,
  };
}
