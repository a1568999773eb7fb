import { afterAll, describe, expect, it } from "vitest";
import { errorCodes } from "../../../contract/errors";
import { ApiError, apiErrorFields, apiErrorMessage } from "../api";
import { en } from "./en";
import { activate } from "./i18n";
import { sw } from "./sw";

const answered = (code: (typeof errorCodes)[number], message: string, fields?: Record<string, string>) =>
  new ApiError(409, "", { code, message, fields });

afterAll(() => activate("en"));

describe("what the API answers, in the reader's language", () => {
  it("has words in both languages for every error code the API can answer", () => {
    for (const code of errorCodes) {
      const id = `error.${code}` as const;
      expect(en[id], code).toMatch(/\w/);
      expect(sw[id], code).toMatch(/\w/);
      expect(sw[id], code).not.toBe(en[id]);
    }
  });

  it("shows a Kiswahili reader a message we translate, and the code's own words for one we do not", async () => {
    await activate("sw");
    expect(apiErrorMessage(answered("CONFLICT", "This order can no longer be cancelled"))).toBe(
      "Agizo hili haliwezi kughairiwa tena",
    );
    for (const code of errorCodes)
      expect(apiErrorMessage(answered(code, "Words the server wrote after this test"))).toBe(
        sw[`error.${code}`],
      );
    expect(
      apiErrorFields(
        answered("VALIDATION_ERROR", "Invalid", {
          phone: "Enter a Kenyan mobile number like 0712 345 678",
          farmName: "Something new about the farm",
        }),
      ),
    ).toEqual({ phone: "Weka namba ya simu ya Kenya, kama 0712 345 678", farmName: sw["error.field"] });
  });

  it("shows an English reader the server's own words", async () => {
    await activate("en");
    expect(apiErrorMessage(answered("CONFLICT", "Words the server wrote after this test"))).toBe(
      "Words the server wrote after this test",
    );
    expect(apiErrorFields(answered("VALIDATION_ERROR", "Invalid", { farmName: "Too long" }))).toEqual({
      farmName: "Too long",
    });
    expect(apiErrorMessage(new Error("not from the API"))).toBeUndefined();
  });
});
