import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, newPage, phone, signInAsClient } from "./support/browser";
import { createClientAccount } from "./support/fixtures";
import { browser } from "./support/session";

/** Each page says what it is: its tab title, one heading, a main region to skip to (issue 10, part 5). */

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName.toLowerCase(), id: el?.id, text: el?.textContent?.trim() };
  });

describe("page identity", () => {
  it("names the landing page, lets a keyboard skip to its content, and tells crawlers what is public", async () => {
    const page = await newPage(browser, phone);
    await page.goto("/landing");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.title()).toBe("Cattle genetics for Kenyan farms · Urithi");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/semen/);
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toMatch(/Urithi/);
    expect(await page.getByRole("main").count()).toBe(1);

    // The server-drawn page stays inert until the browser takes it over (decision 22); keys work from then.
    await page.locator("#root:not([inert])").waitFor({ state: "attached" });
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "a", text: "Skip to content" });
    expect(await page.getByRole("link", { name: "Skip to content" }).isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    expect(await focused(page)).toMatchObject({ tag: "main", id: "main" });

    // An in-app navigation renames the tab and starts the keyboard at the new page's heading.
    await page.getByRole("main").getByRole("link", { name: "Client Login" }).click();
    await page.waitForURL("**/client-login");
    await expect.poll(() => page.title()).toBe("Client Login · Urithi");
    await expect.poll(async () => (await focused(page)).tag).toBe("h1");
    expect((await focused(page)).text).toBe("Client Login");

    const robots = await page.request.get(`${baseUrl()}/robots.txt`);
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toMatch(/text\/plain/);
    const rules = await robots.text();
    for (const rule of ["Disallow: /api/", "Disallow: /dashboard", "Disallow: /client-portal", "Allow: /"]) {
      expect(rules).toContain(rule);
    }
    await page.context().close();
  });

  it("gives every public and client page one h1 and a main region", async () => {
    const page = await newPage(browser, phone);
    const account = await createClientAccount(page);
    for (const path of ["/", "/landing", "/client-login", "/client-signup"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor({ state: "attached" });
      expect(await page.getByRole("heading", { level: 1, includeHidden: true }).count(), path).toBe(1);
      expect(await page.getByRole("main").count(), path).toBe(1);
    }
    await signInAsClient(page, account.email, account.password);
    for (const [path, title] of [
      ["/shop", "Shop"],
      ["/cart", "Your Cart"],
      ["/client-orders", "Order Portal"],
      ["/client-portal", "My Account"],
      ["/client-account", "Security"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor({ state: "attached" });
      expect(await page.getByRole("heading", { level: 1, includeHidden: true }).count(), path).toBe(1);
      expect(await page.getByRole("main").count(), path).toBe(1);
      expect(await page.title()).toBe(`${title} · Urithi`);
    }
    await page.context().close();
  });
});
