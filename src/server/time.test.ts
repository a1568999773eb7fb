import { describe, expect, it } from "vitest";
import {
  coverByMonths,
  type DayRange,
  dayCount,
  monthKey,
  monthStart,
  nairobiBuckets,
  splitByMonths,
  yearStart,
} from "./time";

describe("business calendar (Nairobi, UTC+3)", () => {
  it("starts months at midnight Nairobi time", () => {
    const now = new Date("2026-11-21T10:00:00Z");
    expect(monthStart(now).toISOString()).toBe("2026-10-31T21:00:00.000Z");
    expect(monthStart(now, 1).toISOString()).toBe("2026-09-30T21:00:00.000Z");
    expect(monthStart(now, 11).toISOString()).toBe("2025-11-30T21:00:00.000Z");
  });

  it("puts late evening UTC on the last day of a month into the next Nairobi month", () => {
    const instant = new Date("2026-10-31T22:30:00Z");
    expect(monthKey(instant)).toBe("2026-11");
    expect(monthStart(instant).toISOString()).toBe("2026-10-31T21:00:00.000Z");
  });

  it("starts the year on 1 January in Nairobi", () => {
    expect(yearStart(new Date("2026-06-01T00:00:00Z")).toISOString()).toBe("2025-12-31T21:00:00.000Z");
  });
});

describe("splitByMonths", () => {
  it("reads whole months as months and the days at either end as days", () => {
    expect(splitByMonths({ first: "2025-11-26", last: "2026-11-25" })).toEqual({
      months: { first: "2025-12-01", last: "2026-10-01" },
      days: [
        { first: "2025-11-26", last: "2025-11-30" },
        { first: "2026-11-01", last: "2026-11-25" },
      ],
    });
  });

  it("needs no days when the range is whole months, leap February included", () => {
    expect(splitByMonths({ first: "2024-02-01", last: "2024-03-31" })).toEqual({
      months: { first: "2024-02-01", last: "2024-03-01" },
      days: [],
    });
  });

  it("keeps a range inside one month, or across two partial ones, as days", () => {
    expect(splitByMonths({ first: "2026-11-02", last: "2026-11-25" })).toEqual({
      months: null,
      days: [{ first: "2026-11-02", last: "2026-11-25" }],
    });
    expect(splitByMonths({ first: "2026-10-20", last: "2026-11-05" })).toEqual({
      months: null,
      days: [{ first: "2026-10-20", last: "2026-11-05" }],
    });
  });

  it("crosses a year end", () => {
    expect(splitByMonths({ first: "2025-12-15", last: "2026-02-28" })).toEqual({
      months: { first: "2026-01-01", last: "2026-02-01" },
      days: [{ first: "2025-12-15", last: "2025-12-31" }],
    });
  });
});

describe("coverByMonths", () => {
  const days = (range: DayRange) =>
    Array.from({ length: dayCount(range) }, (_, i) =>
      new Date(Date.parse(range.first) + i * 86_400_000).toISOString().slice(0, 10),
    );
  /** Each day the cover counts, with how many times: whole months and added days count once, subtracted ones take one away. */
  const counted = (range: DayRange) => {
    const { months, add, subtract } = coverByMonths(range);
    const n = new Map<string, number>();
    const count = (day: string, by: number) => n.set(day, (n.get(day) ?? 0) + by);
    if (months)
      for (const start of days(months).filter((d) => d.endsWith("-01"))) {
        const [y, m] = start.split("-").map(Number) as [number, number];
        const end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
        for (const day of days({ first: start, last: end })) count(day, 1);
      }
    for (const r of add) for (const day of days(r)) count(day, 1);
    for (const r of subtract) for (const day of days(r)) count(day, -1);
    return [...n].filter(([, times]) => times !== 0).sort(([a], [b]) => a.localeCompare(b));
  };
  const read = (range: DayRange) => {
    const { months, add, subtract } = coverByMonths(range);
    return [...add, ...subtract].reduce((sum, r) => sum + dayCount(r), 0) + (months ? 1 : 0);
  };

  it("takes a month less its few outside days, and keeps a short end as days", () => {
    expect(coverByMonths({ first: "2026-11-02", last: "2026-12-01" })).toEqual({
      months: { first: "2026-11-01", last: "2026-11-01" },
      add: [{ first: "2026-12-01", last: "2026-12-01" }],
      subtract: [{ first: "2026-11-01", last: "2026-11-01" }],
    });
    expect(coverByMonths({ first: "2026-11-02", last: "2026-11-28" })).toEqual({
      months: { first: "2026-11-01", last: "2026-11-01" },
      add: [],
      subtract: [
        { first: "2026-11-01", last: "2026-11-01" },
        { first: "2026-11-29", last: "2026-11-30" },
      ],
    });
    expect(coverByMonths({ first: "2026-11-10", last: "2026-11-12" })).toEqual({
      months: null,
      add: [{ first: "2026-11-10", last: "2026-11-12" }],
      subtract: [],
    });
  });

  it("counts every day of any range exactly once, reading no more days than splitByMonths", () => {
    const start = Date.parse("2023-12-20");
    for (let from = 0; from < 80; from += 3)
      for (const length of [1, 2, 15, 28, 29, 30, 31, 45, 60, 200, 365, 366]) {
        const first = new Date(start + from * 86_400_000).toISOString().slice(0, 10);
        const range = {
          first,
          last: new Date(Date.parse(first) + (length - 1) * 86_400_000).toISOString().slice(0, 10),
        };
        expect(counted(range)).toEqual(days(range).map((day) => [day, 1]));
        const split = splitByMonths(range);
        expect(read(range)).toBeLessThanOrEqual(
          split.days.reduce((sum, r) => sum + dayCount(r), 0) + (split.months ? 1 : 0),
        );
      }
  });
});

describe("nairobiBuckets", () => {
  const at = (iso: string) => new Date(iso);
  it("names every month from the first to the last, across a year's end and in Nairobi's calendar", () => {
    // 31 Oct 22:00 UTC is already 1 Nov in Nairobi.
    expect(nairobiBuckets(at("2025-10-31T22:00:00Z"), at("2026-02-10T12:00:00Z"), "month")).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
    expect(nairobiBuckets(at("2026-03-02T00:00:00Z"), at("2026-03-30T00:00:00Z"), "month")).toEqual([
      "2026-03",
    ]);
    // A year of months, as the 1-year report draws them.
    expect(nairobiBuckets(at("2025-11-27T00:00:00Z"), at("2026-11-26T12:00:00Z"), "month")).toHaveLength(13);
  });

  it("names every day, both ends included", () => {
    expect(nairobiBuckets(at("2026-02-27T21:00:00Z"), at("2026-03-01T20:59:00Z"), "day")).toEqual([
      "2026-02-28",
      "2026-03-01",
    ]);
  });
});
