import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIRST_ANSWERS_ID,
  type FirstAnswer,
  STAFF_READS_ANSWERED,
  staffReadsFor,
} from "../../contract/first-reads";
import { rolePermissions } from "../../contract/roles";
import {
  asUser,
  clientEmail,
  createTestApp,
  loginAs,
  loginClient,
  staffEmails,
  type TestApp,
} from "../testing/test-app";

let t: TestApp;
const page = `<!doctype html><html><head><script>theme()</script><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), "urithi-web-"));
  writeFileSync(path.join(webRoot, "index.html"), page);
  mkdirSync(path.join(webRoot, "assets"));
  t = await createTestApp({ webRoot });
});
afterAll(() => t.close());

/** The answers a page carries, read as the browser reads them: the element's text, parsed as JSON. */
function answersIn(html: string): FirstAnswer[] {
  const open = `<script type="application/json" id="${FIRST_ANSWERS_ID}">`;
  const start = html.indexOf(open);
  expect(start).toBeGreaterThan(html.indexOf('<div id="root">'));
  const text = html.slice(start + open.length, html.indexOf("</script>", start));
  return JSON.parse(text) as FirstAnswer[];
}

describe("a screen's first reads in its page", () => {
  it("answers the shop's session and catalogue exactly as the API does, for someone signed out", async () => {
    const res = await t.app.inject({ method: "GET", url: "/shop" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.body.startsWith(page.slice(0, page.indexOf("</body>")))).toBe(true);
    const answers = answersIn(res.body);
    expect(answers.map((a) => [a.url, a.status])).toEqual([
      ["/api/auth/me", 401],
      ["/api/catalogue", 200],
      ["/api/catalogue/breeds", 200],
    ]);
    const catalogue = await t.app.inject({ method: "GET", url: "/api/catalogue" });
    expect(answers[1]!.body).toEqual(catalogue.json());
    expect(answers[1]!.total).toBe(catalogue.headers["x-total-count"]);
    expect((answers[1]!.body as unknown[]).length).toBeGreaterThan(0);
  });

  it("carries a signed-in client's session and the order screen's products", async () => {
    const cookie = await loginClient(t.app, clientEmail);
    const res = await t.app.inject({ method: "GET", url: "/client-orders", headers: { cookie } });
    const [me, products] = answersIn(res.body);
    expect(me).toMatchObject({ url: "/api/auth/me", status: 200 });
    expect(me!.body).toEqual((await asUser(t.app, cookie).get("/api/auth/me")).json());
    expect(products).toMatchObject({ url: "/api/client/products", status: 200 });
    expect(products!.body).toEqual(
      (await t.app.inject({ method: "GET", url: "/api/client/products" })).json(),
    );
  });

  it("carries only the session for a filtered address and for a screen with no reads of its own", async () => {
    for (const url of ["/shop?breed=Jersey", "/", "/landing", "/no-such-page"]) {
      const answers = answersIn((await t.app.inject({ method: "GET", url })).body);
      expect(answers.map((a) => a.url)).toEqual(["/api/auth/me"]);
    }
  });

  it("answers /home with the page and its reads, and HEAD with the bare page", async () => {
    const home = await t.app.inject({ method: "GET", url: "/home" });
    expect(home.statusCode).toBe(200);
    expect(answersIn(home.body).map((a) => a.url)).toEqual(["/api/auth/me", "/api/client/products"]);
    const head = await t.app.inject({ method: "HEAD", url: "/shop" });
    expect(head.statusCode).toBe(200);
    expect(head.body).not.toContain(FIRST_ANSWERS_ID);
  });

  it("carries a staff screen's reads that the person may make, each as the API answers it, and marks the page", async () => {
    const director = await loginAs(t.app, staffEmails.director);
    const res = await t.app.inject({ method: "GET", url: "/financial", headers: { cookie: director } });
    expect(res.body).toContain(`<html ${STAFF_READS_ANSWERED}>`);
    const answers = answersIn(res.body);
    const reads = staffReadsFor("/financial", rolePermissions.director).map((r) => r.url);
    expect(answers.map((a) => a.url)).toEqual(["/api/auth/me", ...reads]);
    for (const answer of answers.slice(1)) {
      const api = await asUser(t.app, director).get(answer.url);
      expect(answer.status, answer.url).toBe(200);
      expect(answer.body, answer.url).toEqual(api.json());
      expect(answer.total, answer.url).toBe(api.headers["x-total-count"] ?? null);
    }

    // A sales manager's dashboard: none of the reads they may not make is asked, so none is refused.
    const sales = await loginAs(t.app, staffEmails.sales_manager);
    const dashboard = answersIn(
      (await t.app.inject({ method: "GET", url: "/dashboard", headers: { cookie: sales } })).body,
    );
    const allowed = staffReadsFor("/dashboard", rolePermissions.sales_manager).map((r) => r.url);
    expect(allowed.length).toBeLessThan(staffReadsFor("/dashboard", rolePermissions.director).length);
    expect(dashboard.map((a) => a.url)).toEqual(["/api/auth/me", ...allowed]);
  });

  it("carries only the session for a staff screen opened at another page, signed out, or by a client", async () => {
    const director = await loginAs(t.app, staffEmails.director);
    const client = await loginClient(t.app, clientEmail);
    for (const [url, cookie] of [
      ["/orders?page=2", director],
      ["/orders", undefined],
      ["/dashboard", client],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
      expect(
        answersIn(res.body).map((a) => a.url),
        url,
      ).toEqual(["/api/auth/me"]);
      expect(res.body, url).not.toContain(STAFF_READS_ANSWERED);
    }
  });

  it("keeps text that would end the element inside its JSON string", async () => {
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const sneaky = "</script><script>alert(1)</script><!--";
    const created = await director.post("/api/inventory", {
      itemId: "SEM-XSS-1",
      type: "sperm",
      breedName: "Jersey",
      acquiredFrom: "KAGRC Kenya",
      currentStock: 5,
      costPerUnit: 3_000,
      storageLocation: "Canister 1",
      storageUnitId: 1,
      description: sneaky,
      geneticData: {
        category: "dairy",
        origin: "Kenya",
        milk_yield: "5,000 L/lactation",
        heat_tolerance: "Good",
        breeding_value: 70,
        region_suitability: ["Central"],
      },
    });
    expect(created.statusCode).toBe(201);
    const res = await t.app.inject({ method: "GET", url: "/client-orders" });
    expect(res.body.match(/<\/script/g)?.length).toBe(3);
    const products = answersIn(res.body).find((a) => a.url === "/api/client/products")!;
    const item = (products.body as { itemId: string; description: string }[]).find(
      (p) => p.itemId === "SEM-XSS-1",
    );
    expect(item?.description).toBe(sneaky);
  });
});
