import { describe, expect, it } from "vitest";
import { monthKey, monthStart, yearStart } from "./time";

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
