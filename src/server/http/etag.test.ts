import { describe, expect, it } from "vitest";
import { t, withTestApp } from "../testing/app-session";
import { asUser, loginAs, staffEmails } from "../testing/test-app";

withTestApp();

const getProducts = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: "/api/client/products", headers });

describe("catalogue revalidation", () => {
  it("answers an unchanged catalogue with 304 and no body, compressed or not", async () => {
    const first = await getProducts();
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");

    const again = await getProducts({ "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    // The tag is of the JSON, so a phone that took Brotli revalidates with the same one.
    const brotli = await getProducts({ "accept-encoding": "br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.etag).toBe(etag);
    expect((await getProducts({ "if-none-match": etag, "accept-encoding": "br" })).statusCode).toBe(304);
  });

  it("sends the new catalogue once stock changes", async () => {
    const before = await getProducts();
    const staff = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const created = await staff.post("/api/inventory", {
      itemId: "SEM-ET-001",
      type: "sperm",
      breedName: "Etag Trial",
      acquiredFrom: "KAGRC",
      currentStock: 5,
      costPerUnit: 2500,
      storageLocation: "Canister 1",
      geneticData: { category: "dairy", origin: "Kenya" },
    });
    expect(created.statusCode).toBe(201);
    const after = await getProducts({ "if-none-match": String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain("SEM-ET-001");
  });

  it("leaves every other API answer uncached", async () => {
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me" });
    expect(me.headers["cache-control"]).toBe("no-store");
    expect(me.headers.etag).toBeUndefined();
  });
});
