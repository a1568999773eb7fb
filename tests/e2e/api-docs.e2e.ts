import { describe, expect, it } from "vitest";
import { newPage, screenshot } from "./support/browser";
import { browser } from "./support/session";

describe("API reference", () => {
  it("shows every operation of the OpenAPI document at /api/docs", async () => {
    const page = await newPage(browser);
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    const doc = (await (await page.request.get("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const count = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(count).toBeGreaterThan(60);

    await page.goto("/api/docs");
    await page.locator(".opblock").first().waitFor();
    await expect.poll(() => page.locator(".opblock").count()).toBe(count);
    await page.getByText("POST/api/client/orders", { exact: false }).first().waitFor();
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await screenshot(page, "api-docs", { fullPage: false });
    await page.context().close();
  });
});
