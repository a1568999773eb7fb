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
    // Swagger UI draws a long list only around what is on screen, so read the operations while scrolling.
    const seen = new Set<string>();
    for (let step = 0; step < 200 && seen.size < count; step++) {
      for (const text of await page.locator(".opblock-summary").allTextContents()) seen.add(text);
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(50);
    }
    expect(seen.size).toBe(count);
    expect([...seen].some((op) => op.startsWith("POST/api/client/orders"))).toBe(true);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await screenshot(page, "api-docs", { fullPage: false });
    await page.context().close();
  });
});
