import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { languages } from "../../../contract/languages";
import { compiledCatalog } from "./catalog";
import { en } from "./en";
import { sw } from "./sw";

const catalogs: Record<string, Record<string, string>> = { en, sw };
/** The values a message fills in: {name}, {count, plural, ...}. */
const placeholders = (message: string) =>
  [...new Set([...message.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();
/** Messages that are the same in both languages on purpose (the company's name and address). */
const sameInBoth = new Set(["landing.footer", "payment.mpesa", "success.whatsapp", "notify.sms"]);

describe("message catalogues", () => {
  it("have every id in every language, and no extra ones", () => {
    const ids = Object.keys(en).sort();
    for (const language of languages) expect(Object.keys(catalogs[language]!).sort(), language).toEqual(ids);
  });

  it("fill the same values in every language, and each message compiles", () => {
    for (const [id, english] of Object.entries(en)) {
      for (const language of languages) {
        const message = catalogs[language]![id]!;
        expect(message.trim(), `${language} ${id} is empty`).not.toBe("");
        expect(placeholders(message), `${language} ${id}`).toEqual(placeholders(english));
        expect(() => compileMessage(message), `${language} ${id}`).not.toThrow();
      }
    }
  });

  it("translate rather than copy the English", () => {
    const copied = Object.keys(en).filter(
      (id) => !sameInBoth.has(id) && sw[id as keyof typeof sw] === en[id as keyof typeof en],
    );
    expect(copied).toEqual([]);
  });

  it("load compiled, ready to render", async () => {
    const messages = await compiledCatalog("sw");
    expect(messages["product.add"]).toEqual(["Ongeza kwenye kikapu"]);
    expect(Array.isArray(messages["cart.summary"])).toBe(true);
  });
});
