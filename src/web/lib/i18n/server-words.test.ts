import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { changePasswordFor, clientLoginSchema, passwordTooShort } from "../../../contract/auth";
import { allBreedAdvice } from "../../../contract/breed-advice";
import { clientOrderInputSchema } from "../../../contract/client";
import { mpesaResultMessage, mpesaResultMessages, payInputSchema } from "../../../contract/payments";
import { clientTaxDetailsSchema } from "../../../contract/settings";
import { signupSchema } from "../../../contract/signup";
import { serverWordsSw, translateServerWords } from "./server-words-sw";

/** Every message a schema gives for these inputs. */
const messagesOf = (schema: z.ZodType, inputs: unknown[]) =>
  inputs.flatMap((input) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? []);

describe("Kiswahili for what the contract and the server tell a client", () => {
  it("has every message the client forms can show", () => {
    const said = [
      // As the signup form sends them: every field a string, blank until typed.
      ...messagesOf(signupSchema, [
        Object.fromEntries(
          [
            "firstName",
            "lastName",
            "email",
            "phone",
            "password",
            "confirmPassword",
            "farmName",
            "location",
          ].map((f) => [f, ""]),
        ),
        { email: "not-an-email", phone: "12345", password: "short", confirmPassword: "other" },
      ]),
      ...messagesOf(clientLoginSchema, [{ email: "", password: "" }]),
      ...messagesOf(changePasswordFor("client"), [
        { currentPassword: "", newPassword: "short", confirmPassword: "other" },
        { currentPassword: "x", newPassword: "password123", confirmPassword: "password123" },
      ]),
      ...messagesOf(clientOrderInputSchema, [
        { items: [], paymentMethod: "cash", deliveryDate: "soon", customerPhone: "12" },
        { items: [{ quantity: 1.5 }], paymentMethod: "mpesa" },
        { items: [{ productId: 1, quantity: 0 }], paymentMethod: "mpesa" },
      ]),
      ...messagesOf(payInputSchema, [{ method: "bank", phone: "0712" }]),
      ...messagesOf(clientTaxDetailsSchema, [{ kraPin: "12345" }]),
      ...Object.values(mpesaResultMessages),
      ...allBreedAdvice,
      mpesaResultMessage(null),
      mpesaResultMessage(9999),
    ];
    expect(said.length).toBeGreaterThan(20);
    const missing = [...new Set(said)].filter((m) => translateServerWords(m) === undefined);
    expect(missing).toEqual([]);
  });

  it("fills the values of a message into its Kiswahili", () => {
    expect(
      translateServerWords("Not enough stock for Ayrshire Semen (SEM-AY-102): 2 available, 5 requested"),
    ).toBe("Hakuna akiba ya kutosha ya Mbegu za Ayrshire (SEM-AY-102): zipo 2, umeomba 5");
    expect(translateServerWords(passwordTooShort(10))).toBe("Nenosiri liwe na herufi 10 au zaidi");
    expect(translateServerWords("Too many requests. Please wait 30 seconds and try again.")).toBe(
      "Maombi ni mengi mno. Tafadhali subiri sekunde 30 kisha ujaribu tena.",
    );
    expect(translateServerWords("Something we never wrote")).toBeUndefined();
  });

  it("keeps every value a message names", () => {
    for (const [english, swahili] of Object.entries(serverWordsSw)) {
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(swahili), english).toEqual(names(english));
    }
  });

  it("names the catalogue's products, features and regions in Kiswahili", () => {
    expect(translateServerWords("Girolando (Gir x Holstein) Embryo")).toBe(
      "Kiinitete cha Girolando (Gir x Holstein)",
    );
    expect(translateServerWords("Boran Semen")).toBe("Mbegu za Boran");
    expect(translateServerWords("Milk yield 7,800 L/lactation")).toBe("Maziwa lita 7,800 kwa msimu");
    expect(translateServerWords("Heat tolerance: Very good")).toBe("Kustahimili joto: Nzuri sana");
    expect(translateServerWords("Breeding value 84/100")).toBe("Kielelezo cha ufugaji 84/100");
    expect(translateServerWords("Weight gain 1.1 kg/day")).toBe("Kuongezeka uzito kilo 1.1 kwa siku");
    expect(translateServerWords("Dual purpose genetics")).toBe("Vinasaba vya maziwa na nyama");
    expect(translateServerWords("Rift Valley")).toBe("Bonde la Ufa");
    // What is not one of the catalogue's words stays as it came.
    expect(translateServerWords("Hardy Ayrshire sire for high-altitude dairy herds.")).toBeUndefined();
  });
});
