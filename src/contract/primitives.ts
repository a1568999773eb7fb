import { z } from "zod";
import { kraPinPattern } from "./tax";

/** The largest value of a PostgreSQL `integer` column: ids, stock counts, KES amounts. */
export const MAX_INT32 = 2_147_483_647;

/** A row id as the API accepts it: a whole number that fits its column (else 400, not a database error). */
export const idSchema = z.number().int().min(1).max(MAX_INT32);
/** The same in a path or query string. */
export const idParamSchema = z.coerce.number().int().min(1).max(MAX_INT32);

/**
 * C0 controls other than tab, line feed and carriage return, DEL, C1 controls and unpaired surrogates.
 * PostgreSQL cannot store NUL at all, and none of them belong in anything a person typed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;
/** Zero-width characters and bidirectional overrides: invisible, and used to make one name look like another. */
const INVISIBLE_CHARACTERS = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
export const CONTROL_CHARACTERS_MESSAGE = "Must not contain control characters";

/** Text a person typed: no control characters, invisible ones removed, trimmed. */
export const text = (typeError?: string) =>
  z
    .string(typeError ? { error: typeError } : undefined)
    .refine((s) => !CONTROL_CHARACTERS.test(s), CONTROL_CHARACTERS_MESSAGE)
    .overwrite((s) => s.replace(INVISIBLE_CHARACTERS, ""))
    .trim();

/**
 * The nine digits after +254 of a Kenyan mobile number (07… and 01…), typed as 07…, 01…, 7…, 1…, +254… or
 * 254… with spaces and dashes ignored; null for anything else.
 */
export function kenyanMobileDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "").replace(/^\+/, "");
  return /^(?:254|0)?([17]\d{8})$/.exec(digits)?.[1] ?? null;
}

/** A Kenyan mobile number as +2547XXXXXXXX (or +2541…), or null for anything else: what every SMS is sent to. */
export function kenyanMobileE164(input: string): string | null {
  const digits = kenyanMobileDigits(input);
  return digits ? `+254${digits}` : null;
}

export const KENYAN_MOBILE_MESSAGE = "Enter a Kenyan mobile number like 0712 345 678";

/** A Kenyan mobile number, checked on top of `base` and kept as +2547XXXXXXXX so every screen and SMS agrees. */
export const kenyanMobile = (base: z.ZodString, message = KENYAN_MOBILE_MESSAGE) =>
  base
    .refine((v) => v === "" || kenyanMobileDigits(v) !== null, message)
    .transform((v) => (v === "" ? v : kenyanMobileE164(v)!));

/** Calendar dates a business deals in; year 0000 or 275760 is a typing slip, not a date to store. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2200;
const yearInRange = (iso: string) => {
  const year = Number(iso.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/** A calendar date as YYYY-MM-DD that exists (no 30 February) in a sensible year. One schema everywhere. */
export const isoDate = (message = "Enter a valid date (YYYY-MM-DD)") =>
  z.iso.date(message).refine(yearInRange, message);

/** A moment as an ISO date-time with its offset, in a sensible year. */
export const isoDateTime = (message = "Enter a valid date and time") =>
  z.iso
    .datetime({ offset: true, error: message })
    .refine((v) => yearInRange(v) && !Number.isNaN(Date.parse(v)), message);

/** A money amount in KES with at most two decimals, judged on its decimal text, not float arithmetic. */
export const hasAtMostTwoDecimals = (n: number) => Number(n.toFixed(2)) === n;

/** Text that must be filled in, with "<label> is required" when it is not. */
export const requiredText = (label: string) => text(`${label} is required`).min(1, `${label} is required`);

/** An email address a person typed: "Email is required" when blank, else it must look like one. */
export const emailAddress = () =>
  requiredText("Email").max(254).toLowerCase().pipe(z.email("Enter a valid email address"));

/** An email address a person may leave blank (a farmer who signs in with their mobile): "" when blank. */
export const optionalEmailAddress = () => z.union([z.literal(""), emailAddress()]);

/** A KRA PIN as typed (upper-cased), or blank for none. */
export const kraPinInput = z
  .union([
    z.literal(""),
    text().toUpperCase().regex(kraPinPattern, "A KRA PIN is a letter, 9 digits and a letter"),
  ])
  .nullish()
  .transform((v) => v || null);

/** A 6-digit code sent by SMS (sign-in, recovery, a mobile's proof, an account's deletion). */
export const sixDigitCode = () => text().regex(/^\d{6}$/, "Enter the 6-digit code");
