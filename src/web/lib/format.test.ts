import { describe, expect, it } from "vitest";
import { formatPhone } from "./format";

describe("formatPhone", () => {
  it("groups a stored Kenyan number and leaves any other as it was given", () => {
    expect(formatPhone("+254733444555")).toBe("+254 733 444 555");
    expect(formatPhone("+254 712 345 678")).toBe("+254 712 345 678");
    expect(formatPhone("+55 34 3318 9000")).toBe("+55 34 3318 9000");
  });
});
