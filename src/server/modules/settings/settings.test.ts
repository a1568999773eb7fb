import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import {
  asUser,
  clientEmail,
  inventoryItem,
  loginAs,
  loginClient,
  staffEmails,
} from "../../testing/test-app";

withTestApp();
let director: ReturnType<typeof asUser>;
let lab: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
});

describe("company settings", () => {
  it("start from the environment's bank details and the demo's KRA PIN, and are a Director's to change", async () => {
    const first = (await director.get("/api/settings/company")).json();
    expect(first).toMatchObject({
      tradeName: "Urithi Genetics Ltd",
      bhfId: "00",
      kraPin: "P051234567X",
      bankName: t.ctx.config.bank.bankName,
      bankAccountNumber: t.ctx.config.bank.accountNumber,
    });
    expect((await lab.get("/api/settings/company")).statusCode).toBe(403);
    expect((await lab.put("/api/settings/company", first)).statusCode).toBe(403);
    expect((await director.get("/api/settings/company")).statusCode).toBe(200);

    const bad = await director.put("/api/settings/company", { ...first, kraPin: "12345", bhfId: "1" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["bhfId", "kraPin"]);

    const saved = await director.put("/api/settings/company", {
      ...first,
      kraPin: "p051234567x",
      bankName: "Equity Bank Kenya",
      bankAccountNumber: "0180291234567",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ kraPin: "P051234567X", bankName: "Equity Bank Kenya" });
    // Clients paying by transfer are shown the company's bank, not the environment's.
    const pay = (await t.app.inject({ method: "GET", url: "/api/payment-details" })).json();
    expect(pay).toMatchObject({ bankName: "Equity Bank Kenya", accountNumber: "0180291234567" });
    // And a bank-transfer order's message names it.
    const client = asUser(t.app, await loginClient(t.app, clientEmail));
    const item = await inventoryItem(t, "SEM-HF-101");
    const placed = await client.post("/api/client/orders", {
      items: [{ productId: item.id, quantity: 1 }],
      deliveryAddress: "Nyahururu",
      paymentMethod: "bank",
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [sms] = await t.database.read((db) =>
      db
        .select({ body: outbox.body })
        .from(outbox)
        .where(
          and(
            eq(outbox.orderId, placed.json().id),
            eq(outbox.kind, "payment_bank_details"),
            eq(outbox.channel, "sms"),
          ),
        ),
    );
    expect(sms!.body).toContain("Equity Bank Kenya a/c 0180291234567");
  });
});

describe("tax types", () => {
  it("are seeded exempt for semen, unset for embryos, and a Director's to change", async () => {
    const items = (await director.get("/api/inventory?limit=500")).json() as {
      id: number;
      type: string;
      taxType: string | null;
    }[];
    expect(items.filter((i) => i.type === "sperm").every((i) => i.taxType === "A")).toBe(true);
    expect(items.filter((i) => i.type === "embryo").every((i) => i.taxType === null)).toBe(true);

    const embryo = items.find((i) => i.type === "embryo")!;
    const detail = (await director.get(`/api/inventory/${embryo.id}`)).json();
    const update = (taxType: string) => ({
      breedName: detail.breedName,
      acquiredFrom: detail.acquiredFrom,
      costPerUnit: detail.costPerUnit,
      storageLocation: detail.storageLocation,
      storageUnitId: detail.storageUnitId,
      expiryDate: detail.expiryDate,
      geneticData: detail.geneticData,
      taxType,
      itemClassCode: "10121500",
    });
    const byLab = await lab.patch(`/api/inventory/${embryo.id}`, update("B"));
    expect(byLab.statusCode).toBe(403);
    expect(byLab.json().error.message).toBe("Only a Director may change an item's tax type");
    const byDirector = await director.patch(`/api/inventory/${embryo.id}`, update("B"));
    expect(byDirector.statusCode, byDirector.body).toBe(200);
    expect(byDirector.json()).toMatchObject({ taxType: "B", itemClassCode: "10121500" });
    expect((await director.patch(`/api/inventory/${embryo.id}`, update("Z"))).statusCode).toBe(400);

    const created = await lab.post("/api/inventory", {
      itemId: `SEM-TAX-${Date.now() % 100000}`,
      type: "sperm",
      breedName: "Boran",
      acquiredFrom: "KAGRC Kenya",
      currentStock: 5,
      costPerUnit: 2000,
      storageLocation: "Canister 1",
      geneticData: { category: "beef", origin: "Kenya" },
    });
    expect(created.json().taxType).toBe("A");
  });
});
