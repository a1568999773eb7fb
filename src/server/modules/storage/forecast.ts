import { LEVEL_WARNING_MARGIN_PCT, REFILL_LEAD_DAYS } from "../../../contract/tanks";
import { DAY_MS } from "../../time";

export interface LevelPoint {
  at: Date;
  pct: number;
}

/** Two readings closer than this say more about the dipstick than about evaporation. */
const MIN_SPAN_MS = 12 * 60 * 60 * 1000;

/**
 * Percentage points a tank loses per day: the least-squares slope of its level readings since the last
 * refill (a refill jumps the level, so older readings would cancel the loss out). Null until there are two
 * readings at least half a day apart, or when the level is not falling.
 */
export function evaporationRate(points: readonly LevelPoint[]): number | null {
  if (points.length < 2) return null;
  const t0 = points[0]!.at.getTime();
  const xs = points.map((p) => (p.at.getTime() - t0) / DAY_MS);
  if ((Math.max(...xs) - Math.min(...xs)) * DAY_MS < MIN_SPAN_MS) return null;
  const n = points.length;
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = points.reduce((a, p) => a + p.pct, 0) / n;
  let sxy = 0;
  let sxx = 0;
  points.forEach((p, i) => {
    sxy += (xs[i]! - meanX) * (p.pct - meanY);
    sxx += (xs[i]! - meanX) ** 2;
  });
  const slope = sxy / sxx;
  return slope < 0 ? Math.round(-slope * 100) / 100 : null;
}

export interface LevelForecast {
  ratePctPerDay: number | null;
  /** When the level reaches the tank's minimum safe level; null without a rate. */
  minSafeAt: Date | null;
  /** The latest day to refill: the supplier's lead time before the minimum. */
  refillBy: Date | null;
  refillOverdue: boolean;
}

/** What the readings since the last refill say about a tank, as of `now`. */
export function forecastLevel(points: readonly LevelPoint[], minSafePct: number, now: Date): LevelForecast {
  const ratePctPerDay = evaporationRate(points);
  const last = points.at(-1);
  if (!last || ratePctPerDay === null)
    return { ratePctPerDay, minSafeAt: null, refillBy: null, refillOverdue: false };
  const daysLeft = Math.max(0, (last.pct - minSafePct) / ratePctPerDay);
  const minSafeAt = new Date(last.at.getTime() + daysLeft * DAY_MS);
  const refillBy = new Date(minSafeAt.getTime() - REFILL_LEAD_DAYS * DAY_MS);
  return { ratePctPerDay, minSafeAt, refillBy, refillOverdue: refillBy.getTime() < now.getTime() };
}

export type Severity = "warning" | "critical" | null;

/** At or below the minimum safe level is critical; within the warning margin above it, a warning. */
export function levelSeverity(pct: number, minSafePct: number): Severity {
  if (pct <= minSafePct) return "critical";
  if (pct <= minSafePct + LEVEL_WARNING_MARGIN_PCT) return "warning";
  return null;
}

/** A refill past its day is a warning; once the forecast says the minimum is reached, critical. */
export function refillSeverity(forecast: LevelForecast, now: Date): Severity {
  if (!forecast.refillOverdue) return null;
  return forecast.minSafeAt && forecast.minSafeAt.getTime() <= now.getTime() ? "critical" : "warning";
}

/** A dipstick's cm as % of the tank's full depth, to one decimal. */
export function levelPercent(
  value: number,
  unit: "cm" | "percent",
  fullLevelCm: number | null,
): number | null {
  if (unit === "percent") return value;
  if (!fullLevelCm) return null;
  return Math.min(100, Math.round((value / fullLevelCm) * 1000) / 10);
}
