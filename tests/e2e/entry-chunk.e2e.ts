import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, phone, signInAsClient, signInAsStaff } from "./support/browser";

/** The built public entry (what every first visit downloads), checked as `npm run test:e2e` built it. */
const web = path.resolve("dist/web");
const html = () => readFileSync(path.join(web, "index.html"), "utf8");
const entryOf = () => {
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html())?.[1];
  if (!src) throw new Error("no entry script in index.html");
  return readFileSync(path.join(web, src), "utf8");
};
/** The screens' preloads in index.html's inline script: each path with the files it preloads. */
const preloads = (): Record<string, string[]> => {
  const script = /<script>(\(function\(\)\{var f=[\s\S]*?)<\/script>/.exec(html())?.[1];
  if (!script) throw new Error("no preload script in index.html");
  const files = JSON.parse(/var f=(\[.*?\]);/.exec(script)![1]!) as string[];
  const routes = JSON.parse(/var r=(\{.*?\})\[location\.pathname\]/.exec(script)![1]!) as Record<
    string,
    number[]
  >;
  return Object.fromEntries(Object.entries(routes).map(([route, at]) => [route, at.map((i) => files[i]!)]));
};
const asset = (prefix: string) => {
  const name = readdirSync(path.join(web, "assets")).find((f) => f.startsWith(prefix) && f.endsWith(".js"));
  if (!name) throw new Error(`no ${prefix} chunk`);
  return readFileSync(path.join(web, "assets", name), "utf8");
};

describe("the public entry chunk", () => {
  it("leaves Zod to the screens that validate forms", () => {
    const entry = entryOf();
    expect(entry.length).toBeGreaterThan(10_000);
    expect(entry).not.toMatch(/ZodError|\$ZodType/);
  });

  it("leaves Zod out of the client screens' code too: their forms fetch it once they show", () => {
    const client = asset("client-");
    expect(client).not.toMatch(/ZodError|\$ZodType/);
    // Static imports are what a screen waits for; the schemas come by import() only.
    const staticImports = [...client.matchAll(/(?:^|;)import\{[^}]*\}from"\.\/([^"]+)"/g)].map((m) => m[1]);
    expect(staticImports.length).toBeGreaterThan(0);
    expect(staticImports.filter((f) => f?.startsWith("forms-"))).toEqual([]);
    expect(client).toMatch(/assets\/forms-[\w-]+\.js/);
    expect(asset("forms-")).toMatch(/ZodError|\$ZodType/);
  });

  it("leaves the toaster to the first screen, not every first paint", () => {
    expect(entryOf()).not.toContain("ToastProvider");
    expect(asset("public-")).not.toContain("ToastProvider");
    expect(asset("toaster-")).toContain("ToastProvider");
  });

  it("gets its messages compiled at build time, not ICU text for the phone to compile", () => {
    expect(asset("en-")).not.toMatch(/, plural/);
    expect(asset("sw-")).not.toMatch(/, plural/);
    expect(asset("en-")).toContain("Skip to content");
  });

  it("has index.html preload each screen's code and the visitor's language", () => {
    const routes = preloads();
    expect(Object.keys(routes)).toEqual(
      expect.arrayContaining(["/landing", "/shop", "/client-orders", "/dashboard", "/orders", "/inventory"]),
    );
    for (const files of Object.values(routes)) {
      for (const file of files) expect(readFileSync(path.join(web, file)).length).toBeGreaterThan(0);
    }
    // With the entry and the language, no public or client screen needs more than four scripts.
    for (const route of ["/", "/landing", "/shop", "/cart", "/client-orders", "/client-portal"]) {
      expect(routes[route]!.length, route).toBeLessThanOrEqual(2);
    }
    expect(routes["/landing"]).toHaveLength(1);
    // A staff screen's code comes with the staff shell's, and each screen's with its own.
    const page = (route: string, name: string) => routes[route]!.some((f) => f.includes(`/${name}-`));
    for (const route of ["/dashboard", "/orders", "/financial"]) {
      expect(page(route, "staff-screen"), route).toBe(true);
    }
    expect(page("/orders", "orders-page")).toBe(true);
    expect(page("/dashboard", "orders-page")).toBe(false);
    expect(routes["/genetic-inventory"]).toEqual(routes["/inventory"]);
  });
});

describe("scripts a first visit fetches", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  const scriptsFor = async (route: string, signedIn: boolean, settle = false) => {
    const page = await newPage(browser, phone);
    if (signedIn) await signInAsClient(page);
    const fresh = await page.context().newPage();
    const scripts = new Set<string>();
    fresh.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      // The service worker's registration and the toaster load once the page is up (the toaster when the
      // browser is idle), and are no part of the screen.
      if (r.resourceType() === "script" && !/pwa-register|workbox-window|toaster-/.test(path))
        scripts.add(path);
    });
    // Everything the screen's first minutes bring: the toaster, and whatever it would pull in.
    const settled = settle
      ? fresh.waitForRequest(/\/assets\/toaster-/).then(() => fresh.waitForLoadState("networkidle"))
      : Promise.resolve();
    await fresh.goto(route);
    return { page: fresh, scripts, settled };
  };

  it("opens /landing with three scripts, and the toaster brings no client screens with it", async () => {
    const { page, scripts, settled } = await scriptsFor("/landing", false, true);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await settled;
    expect(scripts.size, [...scripts].join(" ")).toBe(3);
    await page.context().close();
  });

  it("opens the signed-in shop with four", async () => {
    const { page, scripts } = await scriptsFor("/shop", true);
    await page.getByTestId("product-card").first().getByRole("button").waitFor();
    expect(scripts.size, [...scripts].join(" ")).toBe(4);
    await page.context().close();
  });

  it("starts a staff screen's code with the entry: the page asks for it before the app has run", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "director1@urithi.co.ke");
    const fresh = await page.context().newPage();
    // With the entry held back the app never runs: only index.html's own script can ask for the screen.
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html())![1]!;
    const held = (url: URL) => url.pathname === entry;
    await fresh.route(held, (route) => route.abort());
    const asked: string[] = [];
    fresh.on("request", (r) => asked.push(new URL(r.url()).pathname));
    const screen = fresh.waitForRequest((r) => /\/assets\/orders-page-[\w-]+\.js$/.test(r.url()));
    await fresh.goto("/orders");
    await screen;
    expect(asked.filter((p) => /\/assets\/staff-screen-/.test(p))).toHaveLength(1);
    expect(asked.filter((p) => /\/assets\/dashboard-page-/.test(p))).toEqual([]);
    // Let the entry through, and the same page opens with its orders.
    await fresh.unroute(held);
    await fresh.reload();
    await fresh.getByTestId("order-amount").first().waitFor();
    await page.context().close();
  });

  it("draws a first visit from the answers its page carries, asking the API for none of them", async () => {
    const page = await newPage(browser, phone);
    await signInAsClient(page);
    /** What the API is asked while `route` opens as a first visit, until `ready` shows. */
    const askedOpening = async (route: string, ready: Locator) => {
      // No service worker yet to answer the page from its own copy.
      await page.evaluate(async () => {
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
      });
      const asked: string[] = [];
      const listen = (r: Request) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith("/api/")) asked.push(url.pathname + url.search);
      };
      page.on("request", listen);
      await page.goto(route);
      await ready.waitFor();
      page.off("request", listen);
      return asked;
    };
    const card = page.getByTestId("product-card").first().getByRole("button", { name: /add/i });
    // Both screens need the session: the order screen sends a signed-out visitor to the login form.
    expect(await askedOpening("/shop", card)).toEqual([]);
    expect(
      await askedOpening("/client-orders", page.getByTestId("portal-product").first().getByRole("button")),
    ).toEqual([]);
    // A filtered search is not in the page: the screen asks for it.
    expect(await askedOpening("/shop?type=embryo", card)).toContain("/api/catalogue?type=embryo");
    await page.context().close();
  });
});
