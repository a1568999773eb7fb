import { describe, expect, it } from "vitest";
import { clientOrderInputSchema } from "./client";
import { KENYAN_MOBILE_MESSAGE } from "./primitives";
import { signupSchema } from "./signup";

const signup = (phone: string) =>
  signupSchema.safeParse({
    firstName: "Achieng",
    lastName: "Otieno",
    email: "achieng@example.co.ke",
    phone,
    password: "mbegu-2026",
    confirmPassword: "mbegu-2026",
    farmName: "Otieno Dairy",
    farmType: "dairy",
    location: "Kapsabet",
    county: "Eldoret",
    herdSize: "11-50",
    experience: "beginner",
  });

describe("Kenyan mobile numbers", () => {
  it("accepts the ways farmers write them and keeps one form, +2547… or +2541…", () => {
    for (const [typed, kept] of [
      ["0712 345 678", "+254712345678"],
      ["+254 712-345-678", "+254712345678"],
      ["254712345678", "+254712345678"],
      ["712345678", "+254712345678"],
      ["0110 123 456", "+254110123456"],
    ]) {
      const parsed = signup(typed as string);
      expect(parsed.success && parsed.data.phone).toBe(kept);
    }
  });

  it("refuses landlines, foreign and short numbers with one message", () => {
    for (const typed of ["020 222 3333", "+256 712 345 678", "0712 345", "phone me", "07123456789"]) {
      const parsed = signup(typed);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.find((i) => i.path[0] === "phone")?.message).toBe(KENYAN_MOBILE_MESSAGE);
    }
    expect(signup("").error?.issues.find((i) => i.path[0] === "phone")?.message).toBe("Phone is required");
  });

  it("checks an order's contact phone only when one is given", () => {
    const base = { paymentMethod: "mpesa", deliveryAddress: "Kapsabet", items: [{ id: 1, quantity: 1 }] };
    expect(clientOrderInputSchema.safeParse(base).success).toBe(true);
    expect(clientOrderInputSchema.safeParse({ ...base, customerPhone: "12345" }).success).toBe(false);
    const ok = clientOrderInputSchema.safeParse({ ...base, customerPhone: "0722 000 999" });
    expect(ok.success && ok.data.customerPhone).toBe("+254722000999");
  });
});
