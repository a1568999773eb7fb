import { describe, expect, it } from "vitest";
import { coverByMonths, type DayRange } from "../../time";
import { coverParams, NO_DAYS } from "./cover";

const DAY_MS = 86_400_000;
const dayAfter = (day: string, n: number) =>
  new Date(Date.parse(day) + n * DAY_MS).toISOString().slice(0, 10);

describe("a cover's slots", () => {
  it("hold every cover of every range from a day to 400 days long, across a year's end", () => {
    let ranges = 0;
    for (let start = 0; start < 121; start++) {
      for (let length = 1; length <= 400; length++) {
        const first = dayAfter("2025-12-01", start);
        const range: DayRange = { first, last: dayAfter(first, length - 1) };
        const cover = coverByMonths(range);
        const p = coverParams(cover);
        const slot = (name: string): DayRange | undefined => {
          const r = { first: p[`${name}First` as keyof typeof p], last: p[`${name}Last` as keyof typeof p] };
          return r.first === NO_DAYS.first && r.last === NO_DAYS.last ? undefined : r;
        };
        expect([slot("add1"), slot("add2")].filter(Boolean)).toEqual(cover.add);
        expect([slot("less1"), slot("less2")].filter(Boolean)).toEqual(cover.subtract);
        expect(slot("months") ?? null).toEqual(cover.months);
        ranges++;
      }
    }
    expect(ranges).toBe(48_400);
  });

  it("refuse a cover they cannot hold rather than drop a run of days", () => {
    const day = { first: "2026-01-05", last: "2026-01-05" };
    expect(() => coverParams({ months: null, add: [day, day, day], subtract: [] })).toThrow(/at most two/);
  });
});
