import { KES_PER_USD, kesToUsd } from "../../contract/money";
import { currentLocale } from "./i18n/i18n";

/** One Intl formatter per locale, made when first needed in it: the language can change at any time. */
function perLocale<F>(make: (locale: string) => F): () => F {
  const made = new Map<string, F>();
  return () => {
    const locale = currentLocale();
    let formatter = made.get(locale);
    if (!formatter) {
      formatter = make(locale);
      made.set(locale, formatter);
    }
    return formatter;
  };
}

const kes = perLocale((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 0 }));

/** A count as the server gives it, exact or past its cap ("10000+"): "1,206", "10,000+". */
export function formatCount(count: number | string): string {
  const n = typeof count === "number" ? count : Number.parseInt(count, 10);
  return `${n.toLocaleString("en-KE")}${typeof count === "string" && count.endsWith("+") ? "+" : ""}`;
}

/** KES shown as "KSh 1,234" (Kenyan formatting, no decimals). */
export function formatKes(amount: number): string {
  return `KSh ${kes().format(amount)}`;
}

/** USD shown as "$1,234" (no decimals). */
export function formatUsd(amount: number): string {
  return `$${kes().format(amount)}`;
}

export function formatMoney(amount: number, currency: "KES" | "USD"): string {
  return currency === "USD" ? formatUsd(amount) : formatKes(amount);
}

export type DisplayCurrency = "KES" | "USD";

/** A KES amount shown in the currency the screen is set to (USD at the one rate). */
export function formatKesIn(amountKes: number, currency: DisplayCurrency): string {
  return currency === "USD" ? formatUsd(kesToUsd(amountKes)) : formatKes(amountKes);
}

/** The USD estimate of a KES amount, as the spec shows it beside KES figures. */
export function usdEstimate(amountKes: number): string {
  return formatUsd(Math.round(amountKes / KES_PER_USD));
}

// A moment is shown on the business's clock, Nairobi's, wherever the browser or the server drawing the
// page is set: the drawing and the browser's first render then agree, as SMS and email times do.
const dateFormat = perLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "Africa/Nairobi",
    }),
);
const dateTimeFormat = perLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "Africa/Nairobi",
    }),
);

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat().format(new Date(iso)) : "–";
}

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeFormat().format(new Date(iso)) : "–";
}

/** "+2.5%" / "-1%" / "0%" */
export function formatChange(value: number, unit = "%"): string {
  return `${value > 0 ? "+" : ""}${value}${unit}`;
}

const monthFormat = perLocale(
  (l) => new Intl.DateTimeFormat(l, { month: "short", year: "2-digit", timeZone: "UTC" }),
);
/** "2026-11" as "Nov 26". */
export function formatMonth(yearMonth: string): string {
  return monthFormat().format(new Date(`${yearMonth}-01T00:00:00Z`));
}

const dayFormat = perLocale(
  (l) => new Intl.DateTimeFormat(l, { day: "numeric", month: "short", timeZone: "UTC" }),
);
/** A calendar day "2026-11-24" as "24 Nov", the same wherever the browser is. */
export function formatDay(isoDate: string): string {
  return dayFormat().format(new Date(`${isoDate}T00:00:00Z`));
}

const fullDayFormat = perLocale(
  (l) => new Intl.DateTimeFormat(l, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
);
/** A calendar day the server names (a Nairobi day) as "24 Nov 2026", the same wherever the phone is set. */
export function formatFullDay(isoDate: string | null | undefined): string {
  return isoDate ? fullDayFormat().format(new Date(`${isoDate}T00:00:00Z`)) : "–";
}

/**
 * The Nairobi wall clock `days` from now as "YYYY-MM-DDTHH:MM" (Kenya keeps +03:00 all year), wherever the
 * phone is set: what date and time fields start from.
 */
export const nairobiClock = (days = 0): string =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 16);

const nairobiTimeFormat = perLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
      timeZone: "Africa/Nairobi",
    }),
);
const nairobiDayFormat = perLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "Africa/Nairobi",
    }),
);
/** A visit's window as a farmer reads it, in Nairobi time wherever the phone is: "Sat 28 Nov, 14:00–19:00". */
export function formatVisit(from: string | Date, to: string | Date): string {
  const [a, b] = [new Date(from), new Date(to)];
  return `${nairobiDayFormat().format(a)}, ${nairobiTimeFormat().format(a)}–${nairobiTimeFormat().format(b)}`;
}

/** "embryo" as "Embryo": a lower-case code shown as a label. */
export const capitalise = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** A Kenyan number stored as +254712345678, grouped as people read it: +254 712 345 678. */
export function formatPhone(phone: string): string {
  const kenyan = /^\+254(\d{3})(\d{3})(\d{3})$/.exec(phone);
  return kenyan ? `+254 ${kenyan[1]} ${kenyan[2]} ${kenyan[3]}` : phone;
}
