import { beforeAll, describe, expect, it } from "vitest";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";

withTestApp();
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});

describe("vendors", () => {
  it("creates vendors active with five stars whatever the form sends, defaulting to genetics supplier", async () => {
    const res = await director.post("/api/vendors", {
      name: "Sexing Technologies Kenya",
      email: "KE@sexingtech.com",
      contactPerson: "Mercy Wafula",
      isActive: false,
      rating: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: "genetics_supplier",
      isActive: true,
      rating: 5,
      email: "ke@sexingtech.com",
    });
    const missing = await director.post("/api/vendors", { name: "", email: "bad", contactPerson: "" });
    expect(Object.keys(missing.json().error.fields).sort()).toEqual(["contactPerson", "email", "name"]);
  });

  it("takes one active vendor per email, also when two arrive at once", async () => {
    const vendor = {
      name: "Cryo Logistics EA",
      email: "ops@cryologistics.co.ke",
      contactPerson: "Amos Kiprop",
    };
    const [a, b] = await Promise.all([
      director.post("/api/vendors", vendor),
      director.post("/api/vendors", {
        ...vendor,
        name: "Cryo Logistics (EA) Ltd",
        email: "OPS@cryologistics.co.ke",
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().error.fields).toEqual({
      email: "An active vendor with this email already exists",
    });
  });

  it("activates, deactivates and rates, and the summary follows", async () => {
    const [vendor] = (await director.get("/api/vendors")).json();
    const off = await director.patch(`/api/vendors/${vendor.id}/status`, { isActive: false });
    expect(off.json().isActive).toBe(false);
    expect((await director.patch(`/api/vendors/${vendor.id}/status`, { isActive: "no" })).statusCode).toBe(
      400,
    );
    expect((await director.patch(`/api/vendors/${vendor.id}/rating`, { rating: 3 })).json().rating).toBe(3);
    expect((await director.patch(`/api/vendors/${vendor.id}/rating`, { rating: 6 })).statusCode).toBe(400);
    expect((await director.patch("/api/vendors/99999/status", { isActive: true })).statusCode).toBe(404);
    const list = (await director.get("/api/vendors")).json() as { isActive: boolean; type: string }[];
    expect((await director.get("/api/vendors/summary")).json()).toEqual({
      totalVendors: list.length,
      activeVendors: list.filter((v) => v.isActive).length,
      geneticsSuppliers: list.filter((v) => v.type === "genetics_supplier").length,
      equipmentSuppliers: list.filter((v) => v.type === "equipment_supplier").length,
    });
  });

  it("is for directors and the chief scientist", async () => {
    for (const role of ["sales_manager", "lab_technician", "logistics_coordinator"] as const) {
      const user = asUser(t.app, await loginAs(t.app, staffEmails[role]));
      expect((await user.get("/api/vendors")).statusCode).toBe(403);
    }
  });
});
