import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatDateTime, formatPhone } from "./format";

describe("formatPhone", () => {
  it("groups a stored Kenyan number and leaves any other as it was given", () => {
    expect(formatPhone("+254733444555")).toBe("+254 733 444 555");
    expect(formatPhone("+254 712 345 678")).toBe("+254 712 345 678");
    expect(formatPhone("+55 34 3318 9000")).toBe("+55 34 3318 9000");
  });
});

describe("formatDate and formatDateTime", () => {
  it("show a moment on Nairobi's clock, whatever the time zone the code runs in", () => {
    // 22:30 UTC on 29 Nov is already 30 Nov in Nairobi (+03:00 all year).
    expect(formatDate("2026-11-29T22:30:00Z")).toBe("30 Nov 2026");
    expect(formatDateTime("2026-11-29T22:30:00Z")).toMatch(/^30 Nov 2026,? 01:30/);
  });
});

describe("formatCount", () => {
  it("writes an exact count with separators, and one past its cap with a plus", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(1206)).toBe("1,206");
    expect(formatCount("1206")).toBe("1,206");
    expect(formatCount("10000+")).toBe("10,000+");
  });
});
