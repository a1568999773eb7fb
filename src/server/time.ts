/** Business calendar: Kenya (East Africa Time, UTC+3 all year, no daylight saving). */
export const BUSINESS_TIME_ZONE = "Africa/Nairobi";
export const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The instant a calendar month starts in Nairobi, `monthsBack` months before the one containing `now`. */
export function monthStart(now: Date, monthsBack = 0): Date {
  const local = new Date(now.getTime() + EAT_OFFSET_MS);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1);
  return new Date(start - EAT_OFFSET_MS);
}

/** The Nairobi year-month (YYYY-MM) an instant falls in. */
export function monthKey(instant: Date): string {
  return new Date(instant.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 7);
}

/** Start of the year containing `now`, in Nairobi. */
export function yearStart(now: Date): Date {
  const local = new Date(now.getTime() + EAT_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), 0, 1) - EAT_OFFSET_MS);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The Nairobi calendar date (YYYY-MM-DD) an instant falls on. */
export function nairobiDate(instant: Date): string {
  return new Date(instant.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A Nairobi calendar day (YYYY-MM-DD) as the instant a timestamp column keeps: noon there, which reads as
 * the same day in every time zone people use, so a day set in one place is never shown as the day before.
 */
export const atNairobiNoon = (day: string): Date => new Date(`${day}T12:00:00+03:00`);

/** The Nairobi day `days` after `from`, as noon there: a delivery estimate kept as a calendar day. */
export const nairobiNoonAfter = (from: Date, days: number): Date =>
  atNairobiNoon(nairobiDate(new Date(from.getTime() + days * DAY_MS)));

const nairobiDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** A Nairobi calendar day as people read it in a message: "24 Nov 2026". */
export function formatNairobiDay(instant: Date): string {
  return nairobiDay.format(instant);
}

/**
 * Every Nairobi day (YYYY-MM-DD) or month (YYYY-MM) from `from` to `to`, both included: a chart's axis
 * with no gaps, whatever days had no rows.
 */
export function nairobiBuckets(from: Date, to: Date, by: "day" | "month"): string[] {
  if (by === "month") return monthsBetween(monthKey(from), monthKey(to));
  const keys: string[] = [];
  const last = nairobiDate(to);
  // Step a day at a time (a month is at most 31 steps, a year 366): simple and exact across month ends.
  for (let t = from.getTime(); ; t += DAY_MS) {
    const k = nairobiDate(new Date(Math.min(t, to.getTime())));
    if (keys.at(-1) !== k) keys.push(k);
    if (k === last) return keys;
  }
}

/** Every year-month (YYYY-MM) from `first` to `last`, both included (`last` alone if it comes first). */
function monthsBetween(first: string, last: string): string[] {
  const keys: string[] = [];
  let [year, month] = first.split("-").map(Number) as [number, number];
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key >= last) return [...keys, last];
    keys.push(key);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

/** Whole Nairobi calendar days, both ends included (YYYY-MM-DD): what the per-day summary tables answer exactly. */
export interface DayRange {
  first: string;
  last: string;
}

/** The last `days` Nairobi days up to `now`, today included. */
export function lastDays(now: Date, days: number): DayRange {
  return { first: nairobiDate(new Date(now.getTime() - (days - 1) * DAY_MS)), last: nairobiDate(now) };
}

/** The instants [from, to) as the Nairobi days they touch; `from` and `to` are day starts where callers use it. */
export function daysOf(from: Date, to: Date): DayRange {
  return { first: nairobiDate(from), last: nairobiDate(new Date(to.getTime() - 1)) };
}

/** A day range cut where calendar months allow: the whole months inside it, and the days at either end. */
export interface MonthSplit {
  /** First days of the whole months, first to last; null when no month fits whole. */
  months: DayRange | null;
  /** The days before the first whole month and after the last (or the whole range when none fits). */
  days: DayRange[];
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const dayBefore = (day: string) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS));

export function splitByMonths(range: DayRange): MonthSplit {
  const [y, m] = range.first.split("-").map(Number) as [number, number];
  const firstMonth = range.first.endsWith("-01") ? range.first : isoDay(new Date(Date.UTC(y, m, 1)));
  const after = new Date(Date.parse(`${range.last}T00:00:00Z`) + DAY_MS);
  // The month holding the day after the range starts where whole months stop.
  const stop = isoDay(new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), 1)));
  if (firstMonth >= stop) return { months: null, days: [range] };
  const lastMonth = isoDay(new Date(Date.UTC(Number(stop.slice(0, 4)), Number(stop.slice(5, 7)) - 2, 1)));
  const days: DayRange[] = [];
  if (range.first < firstMonth) days.push({ first: range.first, last: dayBefore(firstMonth) });
  if (stop <= range.last) days.push({ first: stop, last: range.last });
  return { months: { first: firstMonth, last: lastMonth }, days };
}

/**
 * A day range as calendar months and days that add up to it: whole months (`months`), plus the days in `add`,
 * less the days in `subtract`. A month the range covers only in part is taken whole, less the days outside the
 * range, when those are fewer than the days inside: 2 to 30 November is November less the 1st, one day
 * instead of 29.
 */
export interface MonthCover {
  months: DayRange | null;
  add: DayRange[];
  subtract: DayRange[];
}

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const monthEnd = (day: string) => {
  const [y, m] = day.split("-").map(Number) as [number, number];
  return isoDay(new Date(Date.UTC(y, m, 0)));
};
const dayAfter = (day: string) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));
/** Days in a range, both ends included. */
export const dayCount = (range: DayRange) => (Date.parse(range.last) - Date.parse(range.first)) / DAY_MS + 1;

export function coverByMonths(range: DayRange): MonthCover {
  const { months, days } = splitByMonths(range);
  const cover: MonthCover = { months, add: [], subtract: [] };
  for (const part of days) {
    // Each part lies in one month, or, when no month fits whole, in two (each end's month).
    for (const piece of monthOf(part.first) === monthOf(part.last)
      ? [part]
      : [
          { first: part.first, last: monthEnd(part.first) },
          { first: monthOf(part.last), last: part.last },
        ]) {
      const month = { first: monthOf(piece.first), last: monthEnd(piece.first) };
      const outside = dayCount(month) - dayCount(piece);
      if (outside >= dayCount(piece)) {
        cover.add.push(piece);
        continue;
      }
      cover.months = {
        first: cover.months && cover.months.first < month.first ? cover.months.first : month.first,
        last: cover.months && cover.months.last > month.first ? cover.months.last : month.first,
      };
      if (piece.first > month.first)
        cover.subtract.push({ first: month.first, last: dayBefore(piece.first) });
      if (piece.last < month.last) cover.subtract.push({ first: dayAfter(piece.last), last: month.last });
    }
  }
  return cover;
}

/** The instant a Nairobi calendar day (YYYY-MM-DD) starts. */
export function nairobiDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - EAT_OFFSET_MS);
}

/** The instant a Nairobi calendar day (YYYY-MM-DD) ends: the next one's start, for `< end` ranges. */
export function nairobiDayEnd(day: string): Date {
  return new Date(nairobiDayStart(day).getTime() + DAY_MS);
}

/** A moment as KRA's and Safaricom's APIs write it: YYYYMMDDHHmmss in Nairobi time. */
export function nairobiStamp(now: Date): string {
  return new Date(now.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 19).replace(/[-T:]/g, "");
}
