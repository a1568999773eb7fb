import { and, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, outbox } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { pdfImageCount, pdfText } from "../../testing/pdf-text";
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

describe("company logo", () => {
  const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

  it("heads every PDF once a Director uploads it, and is refused when it is no image a PDF can draw", async () => {
    const png = await QRCode.toBuffer("Urithi Genetics", { type: "png", width: 240 });
    const url = "/api/settings/company/logo";
    expect((await lab.put(url, { logo: dataUrl("image/png", png) })).statusCode).toBe(403);
    expect((await director.get(url)).statusCode).toBe(404);

    const refused = async (logo: string) => {
      const res = await director.put(url, { logo });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.fields.logo as string;
    };
    expect(await refused(dataUrl("image/gif", png))).toBe("The logo must be a PNG or JPEG image");
    expect(await refused(dataUrl("image/png", Buffer.from("not a picture at all")))).toBe(
      "The logo must be a PNG or JPEG image",
    );
    expect(await refused(dataUrl("image/jpeg", png))).toBe("The logo must be a PNG or JPEG image");
    // The right first bytes, then nothing an image decoder can read.
    const broken = Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 7)]);
    expect(await refused(dataUrl("image/png", broken))).toMatch(/could not be read/);
    const huge = Buffer.concat([png, Buffer.alloc(300 * 1024)]);
    expect(await refused(dataUrl("image/png", huge))).toBe("The logo must be at most 256 KB");

    const saved = await director.put(url, { logo: dataUrl("image/png", png) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().hasLogo).toBe(true);
    const served = await director.get(url);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(png)).toBe(true);

    // A report, an invoice (A4 and till roll) and a statement each draw it once.
    const report = await director.get("/api/reports/export?period=30d&type=sales");
    expect(pdfImageCount(report.rawPayload)).toBe(1);
    expect(pdfText(report.rawPayload)).toContain("Urithi Genetics Ltd");
    const client = asUser(t.app, await loginClient(t.app, clientEmail));
    const item = await inventoryItem(t, "SEM-JE-106");
    const order = (
      await client.post("/api/client/orders", {
        items: [{ productId: item.id, quantity: 1 }],
        deliveryAddress: "Nyeri",
        paymentMethod: "bank",
      })
    ).json() as { id: number };
    const [row] = await t.database.read((db) =>
      db
        .select({ total: orders.totalAmountKes, customerId: orders.customerId })
        .from(orders)
        .where(eq(orders.id, order.id)),
    );
    const today = t.clock.now().toISOString().slice(0, 10);
    const paid = await director.post(`/api/orders/${order.id}/payments`, {
      method: "bank",
      amountKes: row!.total,
      reference: `EQ-LOGO-${order.id}`,
      date: today,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    for (const layout of ["a4", "receipt"]) {
      const pdf = await client.get(`/api/orders/${order.id}/invoice.pdf?layout=${layout}`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdfImageCount(pdf.rawPayload)).toBe(1);
      expect(pdfText(pdf.rawPayload)).toContain("TAX INVOICE");
    }
    const statement = await director.get(
      `/api/customers/${row!.customerId}/statement.pdf?from=${today}&to=${today}`,
    );
    expect(pdfImageCount(statement.rawPayload)).toBe(1);

    const removed = await director.del(url);
    expect(removed.json().hasLogo).toBe(false);
    expect((await director.get(url)).statusCode).toBe(404);
    const plain = await director.get("/api/reports/export?period=30d&type=sales");
    expect(pdfImageCount(plain.rawPayload)).toBe(0);
  });
});
