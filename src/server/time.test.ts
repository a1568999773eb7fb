import { describe, expect, it } from "vitest";
import { monthKey, monthStart, nairobiBuckets, splitByMonths, yearStart } from "./time";

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
