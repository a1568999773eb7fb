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
  it("takes any breed the catalogue sells, and none that is not a name", async () => {
    const boran = await lab.post(
      "/api/breeding-records",
      record({ breedType: "Boran", animalId: "KDF-BOR" }),
    );
    expect(boran.statusCode).toBe(201);
    expect(boran.json().breedType).toBe("Boran");
    expect((await lab.post("/api/breeding-records", record({ breedType: "" }))).statusCode).toBe(400);
  });

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

  it("asks pregnant and calved for their day, and refuses one too soon after the service or in the future", async () => {
    // Served 2026-03-01 (AI): a diagnosis from 31 Mar, a calving from 7 Oct (220 days).
    const created = (await lab.post("/api/breeding-records", record({ animalId: "KDF-778" }))).json();
    expect(created.expectedCalvingDate).toBe("2026-12-06");
    const set = (status: string, date?: string) =>
      lab.patch(`/api/breeding-records/${created.id}/status`, { status, date });
    const undated = await set("pregnant");
    expect(undated.statusCode).toBe(400);
    expect(undated.json().error.fields.date).toBe("Enter the day of the pregnancy diagnosis");
    const early = await set("pregnant", "2026-03-20");
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.date).toBe(
      "A pregnancy diagnosis needs at least 30 days after the service (this is 19)",
    );
    expect((await set("pregnant", "2026-03-31")).statusCode).toBe(200);
    // Served 20 Sept, calved 27 Nov: 68 days is no calving.
    const late = (
      await lab.post("/api/breeding-records", record({ animalId: "KDF-779", serviceDate: "2026-09-20" }))
    ).json();
    const calved = await lab.patch(`/api/breeding-records/${late.id}/status`, {
      status: "calved",
      date: "2026-11-27",
    });
    expect(calved.statusCode).toBe(400);
    expect(calved.json().error.fields.date).toBe(
      "A calving needs at least 220 days after the service (this is 68)",
    );
    expect((await set("calved", "2026-10-06")).statusCode).toBe(400);
    expect((await set("calved", "2999-01-01")).statusCode).toBe(400);
    expect((await set("calved", "2026-10-07")).json()).toMatchObject({
      calvedOn: "2026-10-07",
      pregnantOn: "2026-03-31",
    });
  });

  it("lets the breeding roles pick whose cow by name, without the customer list's contacts", async () => {
    for (const role of ["chief_scientist", "lab_technician"] as const) {
      const staff = asUser(t.app, await loginAs(t.app, staffEmails[role]));
      const res = await staff.get("/api/breeding/clients?limit=500");
      expect(res.statusCode).toBe(200);
      expect(res.json().length).toBeGreaterThan(0);
      expect(Object.keys(res.json()[0]).sort()).toEqual(["id", "name"]);
      expect((await staff.get("/api/customers")).statusCode).toBe(403);
    }
    const [first] = (await lab.get("/api/breeding/clients?limit=1")).json();
    const found = (await lab.get(`/api/breeding/clients?search=${encodeURIComponent(first.name)}`)).json();
    expect(found.map((c: { id: number }) => c.id)).toContain(first.id);
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await sales.get("/api/breeding/clients")).statusCode).toBe(403);
  });

  it("gives an embryo transfer its own gestation from the transfer date", async () => {
    const created = (
      await lab.post("/api/breeding-records", record({ animalId: "KDF-780", serviceType: "ET" }))
    ).json();
    expect(created.expectedCalvingDate).toBe("2026-11-29");
  });

  it("sets success from the status, keeps calved final, and the summary follows", async () => {
    const created = (await lab.post("/api/breeding-records", record({ animalId: "KDF-777" }))).json();
    const set = (status: string, date?: string) =>
      lab.patch(`/api/breeding-records/${created.id}/status`, { status, date });
    expect((await set("pregnant", "2026-04-15")).json()).toMatchObject({
      status: "pregnant",
      success: true,
      pregnantOn: "2026-04-15",
    });
    expect((await set("open")).json()).toMatchObject({ status: "open", success: false, pregnantOn: null });
    expect((await set("failed")).json().success).toBe(false);
    expect((await set("calved", "2026-11-20")).json()).toMatchObject({
      status: "calved",
      success: true,
      calvedOn: "2026-11-20",
    });
    const final = await set("breeding");
    expect(final.statusCode).toBe(409);
    expect(final.json().error.message).toMatch(/give a reason to correct/);
    expect((await set("nonsense")).statusCode).toBe(400);
    // A correction with its reason: the history keeps what was believed, and why it changed.
    const corrected = await lab.patch(`/api/breeding-records/${created.id}/status`, {
      status: "pregnant",
      date: "2026-04-15",
      reason: "Calving typed on the wrong cow",
    });
    expect(corrected.json()).toMatchObject({ status: "pregnant", calvedOn: null, pregnantOn: "2026-04-15" });
    const history = (await lab.get(`/api/breeding-records/${created.id}/history`)).json();
    expect(
      history.map((e: { fromStatus: string; toStatus: string }) => `${e.fromStatus}>${e.toStatus}`),
    ).toEqual(["breeding>pregnant", "pregnant>open", "open>failed", "failed>calved", "calved>pregnant"]);
    expect(history.at(-1)).toMatchObject({
      reason: "Calving typed on the wrong cow",
      day: "2026-04-15",
      by: "Faith Achieng",
    });
    expect(history[0]).toMatchObject({ reason: null, day: "2026-04-15" });
    expect((await lab.get("/api/breeding-records/999999/history")).statusCode).toBe(404);
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
