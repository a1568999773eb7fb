import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inventoryItems } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";
import { nairobiDate } from "../../time";

withTestApp();
let lab: ReturnType<typeof asUser>;
beforeAll(async () => {
  lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
});

const record = (extra: object = {}) => ({
  animalId: "KDF-099",
  animalName: "Wanjiku",
  breedType: "Holstein",
  serviceType: "AI",
  serviceDate: "2026-03-01",
  technician: "Dr. Sarah Wanjiku",
  geneticMaterial: "SEM-HF-101",
  notes: "",
  expectedCalvingDate: "1999-01-01",
  status: "calved",
  success: true,
  ...extra,
});

describe("breeding records", () => {
  it("computes expected calving 280 days after service on the server, starting as breeding", async () => {
    const res = await lab.post("/api/breeding-records", record());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      expectedCalvingDate: "2026-12-06",
      status: "breeding",
      success: false,
    });
    const leap = (await lab.post("/api/breeding-records", record({ serviceDate: "2024-01-01" }))).json();
    expect(leap.expectedCalvingDate).toBe("2024-10-07");
  });

  it("uses one unit of the picked inventory item", async () => {
    const item = async () =>
      t.database.read(
        async (db) =>
          (await db.select().from(inventoryItems).where(eq(inventoryItems.itemId, "SEM-AY-102")))[0]!,
      );
    const before = await item();
    const res = await lab.post(
      "/api/breeding-records",
      record({ inventoryItemId: before.id, geneticMaterial: "SEM-AY-102" }),
    );
    expect(res.statusCode).toBe(201);
    expect((await item()).currentStock).toBe(before.currentStock - 1);
    const detail = (await lab.get(`/api/inventory/${before.id}`)).json();
    expect(detail.movements[0]).toMatchObject({ kind: "consumption", stockDelta: -1 });
  });

  it("records the batch the straw came from, taking the straw off that batch's canes", async () => {
    const item = (await lab.get("/api/inventory?search=SEM-AY-102")).json()[0] as { id: number };
    const placedBatch = async () =>
      ((await lab.get(`/api/inventory/${item.id}`)).json().batches as { id: number; placed: number }[]).find(
        (b) => b.placed > 0,
      )!;
    const batch = await placedBatch();
    const res = await lab.post(
      "/api/breeding-records",
      record({ inventoryItemId: item.id, batchId: batch.id, geneticMaterial: "SEM-AY-102" }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().batchId).toBe(batch.id);
    const after = (
      (await lab.get(`/api/inventory/${item.id}`)).json().batches as { id: number; placed: number }[]
    ).find((b) => b.id === batch.id)!;
    expect(after.placed).toBe(batch.placed - 1);

    const other = (await lab.get("/api/inventory?search=SEM-HF-101")).json()[0] as { id: number };
    const otherBatch = (await lab.get(`/api/inventory/${other.id}`)).json().batches[0] as { id: number };
    const foreign = await lab.post(
      "/api/breeding-records",
      record({ inventoryItemId: item.id, batchId: otherBatch.id, geneticMaterial: "SEM-AY-102" }),
    );
    expect(foreign.statusCode).toBe(422);
    const withoutItem = await lab.post("/api/breeding-records", record({ batchId: batch.id }));
    expect(withoutItem.statusCode).toBe(400);
    expect(withoutItem.json().error.fields).toHaveProperty("batchId");
  });

  it("links the service to the client whose cow it is, and refuses an unknown client", async () => {
    const customers = (
      await asUser(t.app, await loginAs(t.app, staffEmails.director)).get("/api/customers")
    ).json();
    const farm = customers[0] as { id: number };
    // Served today, so it heads the list (newest service first).
    const today = nairobiDate(t.clock.now());
    const res = await lab.post("/api/breeding-records", record({ customerId: farm.id, serviceDate: today }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().customerId).toBe(farm.id);
    const listed = (await lab.get("/api/breeding-records?limit=20")).json() as {
      id: number;
      customerId: number;
    }[];
    expect(listed.find((r) => r.id === res.json().id)?.customerId).toBe(farm.id);
    const unknown = await lab.post("/api/breeding-records", record({ customerId: 999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ customerId: "Choose an existing customer" });
  });

  it("refuses missing fields, unknown breeds and future dates", async () => {
    const res = await lab.post(
      "/api/breeding-records",
      record({ animalId: " ", animalName: "", geneticMaterial: "" }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      "animalId",
      "animalName",
      "geneticMaterial",
    ]);
    expect((await lab.post("/api/breeding-records", record({ breedType: "Unicorn" }))).statusCode).toBe(400);
    expect((await lab.post("/api/breeding-records", record({ serviceDate: "2999-01-01" }))).statusCode).toBe(
      400,
    );
  });

  it("sets success from the status, keeps calved final, and the summary follows", async () => {
    const created = (await lab.post("/api/breeding-records", record({ animalId: "KDF-777" }))).json();
    const set = (status: string) => lab.patch(`/api/breeding-records/${created.id}/status`, { status });
    expect((await set("pregnant")).json()).toMatchObject({ status: "pregnant", success: true });
    expect((await set("open")).json()).toMatchObject({ status: "open", success: false });
    expect((await set("failed")).json().success).toBe(false);
    expect((await set("calved")).json()).toMatchObject({ status: "calved", success: true });
    expect((await set("breeding")).statusCode).toBe(409);
    expect((await set("nonsense")).statusCode).toBe(400);
    expect((await lab.patch("/api/breeding-records/999999/status", { status: "open" })).statusCode).toBe(404);

    const list: { status: string; success: boolean }[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = (await lab.get(`/api/breeding-records?limit=500&offset=${offset}`)).json();
      list.push(...page);
      if (page.length < 500) break;
    }
    const summary = (await lab.get("/api/breeding-records/summary")).json();
    expect(summary).toEqual({
      totalRecords: list.length,
      pregnant: list.filter((r) => r.status === "pregnant").length,
      calved: list.filter((r) => r.status === "calved").length,
      successRate: Math.round((list.filter((r) => r.success).length / list.length) * 100),
    });
  });

  it("is for breeding roles only", async () => {
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await sales.get("/api/breeding-records")).statusCode).toBe(403);
    const scientist = asUser(t.app, await loginAs(t.app, staffEmails.chief_scientist));
    expect((await scientist.get("/api/breeding-records")).statusCode).toBe(200);
  });
});
