import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../time";
import { evaporationRate, forecastLevel, levelPercent, levelSeverity, refillSeverity } from "./forecast";

const t0 = new Date("2026-03-01T06:00:00Z");
const at = (days: number) => new Date(t0.getTime() + days * DAY_MS);
const daily = (...pcts: number[]) => pcts.map((pct, day) => ({ at: at(day), pct }));

describe("evaporation rate", () => {
  it("is the least-squares loss per day", () => {
    expect(evaporationRate(daily(90, 88, 86))).toBe(2);
    // Scattered readings: the fit of all four, not the first and last alone (which would say 1.33).
    expect(evaporationRate(daily(80, 78.2, 77.3, 76))).toBe(1.29);
  });

  it("waits for two readings half a day apart", () => {
    expect(evaporationRate([])).toBeNull();
    expect(evaporationRate(daily(90))).toBeNull();
    expect(
      evaporationRate([
        { at: t0, pct: 90 },
        { at: new Date(t0.getTime() + 6 * 3600_000), pct: 89 },
      ]),
    ).toBeNull();
  });

  it("is null when the level is not falling", () => {
    expect(evaporationRate(daily(80, 80, 80))).toBeNull();
    expect(evaporationRate(daily(70, 75))).toBeNull();
  });
});

describe("level forecast", () => {
  it("dates the minimum safe level and the refill three days before it", () => {
    const f = forecastLevel(daily(90, 88, 86), 30, at(2));
    // 86 % on day 2, 2 %/day, 56 points above 30 %: day 30; refill by day 27.
    expect(f.ratePctPerDay).toBe(2);
    expect(f.minSafeAt).toEqual(at(30));
    expect(f.refillBy).toEqual(at(27));
    expect(f.refillOverdue).toBe(false);
    expect(refillSeverity(f, at(2))).toBeNull();
  });

  it("is overdue after the refill day, and critical once the minimum is reached", () => {
    const points = daily(90, 88, 86);
    expect(refillSeverity(forecastLevel(points, 30, at(27.5)), at(27.5))).toBe("warning");
    expect(refillSeverity(forecastLevel(points, 30, at(31)), at(31))).toBe("critical");
  });

  it("says nothing without a rate", () => {
    const f = forecastLevel(daily(90), 30, at(1));
    expect(f).toEqual({ ratePctPerDay: null, minSafeAt: null, refillBy: null, refillOverdue: false });
  });

  it("puts a tank already below the minimum at its last reading", () => {
    const f = forecastLevel(daily(32, 29), 30, at(1));
    expect(f.minSafeAt).toEqual(at(1));
  });
});

describe("levels against a 30 % minimum", () => {
  it.each([
    [60, null],
    [40.1, null],
    [40, "warning"],
    [30.5, "warning"],
    [30, "critical"],
    [5, "critical"],
  ] as const)("%d %% is %s", (pct, severity) => {
    expect(levelSeverity(pct, 30)).toBe(severity);
  });

  it("turns dipstick cm into % of a full tank", () => {
    expect(levelPercent(30, "cm", 50)).toBe(60);
    expect(levelPercent(41, "cm", 60)).toBe(68.3);
    expect(levelPercent(70, "cm", 60)).toBe(100);
    expect(levelPercent(55, "percent", null)).toBe(55);
    expect(levelPercent(30, "cm", null)).toBeNull();
  });
});
