import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Flask, FlaskDetail } from "../../../contract/flasks";
import { inventoryItems, outbox, stockMovements, users } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import { asUser, inventoryItem, loginAs, secondInstance, staffEmails } from "../../testing/test-app";
import { DAY_MS, nairobiDate } from "../../time";
import { alarmOverdueFlasks } from "./alarm";

withTestApp();
type Staff = ReturnType<typeof asUser>;
let lab: Staff;
let technicianId: number;

beforeAll(async () => {
  t.clock.set(new Date("2026-11-28T09:00:00+03:00"));
  lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
  const [tech] = await t.database.read((db) =>
    db.select({ id: users.id }).from(users).where(eq(users.email, staffEmails.field_technician)),
  );
  technicianId = tech!.id;
});

let serial = 0;
async function newFlask(capacityStraws = 50): Promise<Flask> {
  serial += 1;
  const res = await lab.post("/api/flasks", {
    serial: `T-${Date.now()}-${serial}`,
    kind: "flask",
    capacityStraws,
    ln2CapacityKg: 3.6,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const stockOf = async (itemId: string) => (await inventoryItem(t, itemId)).currentStock;
const day = (days: number) => nairobiDate(new Date(t.clock.now().getTime() + days * DAY_MS));
const lend = (id: number, body: object = {}) =>
  lab.post(`/api/flasks/${id}/lend`, {
    holderUserId: technicianId,
    dueOn: day(7),
    depositKes: 5000,
    weightOutKg: 3.6,
    ...body,
  });

describe("flasks", () => {
  it("keeps serials unique and answers bad input with a clear 4xx", async () => {
    const flask = await newFlask();
    const again = await lab.post("/api/flasks", {
      serial: flask.serial.toLowerCase(),
      kind: "flask",
      capacityStraws: 10,
      ln2CapacityKg: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ serial: "This serial is taken" });
    for (const body of [
      { kind: "bucket" },
      { capacityStraws: 0 },
      { ln2CapacityKg: -1 },
      { ln2CapacityKg: 2.005 },
      { serial: "" },
    ]) {
      const res = await lab.post("/api/flasks", {
        serial: "X-1",
        kind: "flask",
        capacityStraws: 10,
        ln2CapacityKg: 2,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await sales.get("/api/flasks")).statusCode).toBe(403);
  });

  it("issues straws from the store first-expiry-first, keeping the stock invariants", async () => {
    const flask = await newFlask(10);
    const hf = await inventoryItem(t, "SEM-HF-101");
    const before = await stockOf("SEM-HF-101");
    const { batches } = (await lab.get(`/api/inventory/${hf.id}`)).json() as {
      batches: { code: string; placed: number; allocated: number; expired: boolean }[];
    };
    const res = await lab.post(`/api/flasks/${flask.id}/issue`, {
      items: [{ inventoryItemId: hf.id, quantity: 4 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail: FlaskDetail = res.json();
    expect(detail.straws).toBe(4);
    expect(await stockOf("SEM-HF-101")).toBe(before - 4);
    // The batch that expires first gave its straws first.
    const first = batches.find((b) => !b.expired && b.placed > b.allocated)!;
    expect(detail.contents[0]).toMatchObject({ inventoryItemId: hf.id, batch: first.code });
    expect(detail.movements.every((m) => m.kind === "issue")).toBe(true);
    expect(detail.movements.reduce((n, m) => n + m.quantity, 0)).toBe(4);
    const moved = await t.database.read((db) =>
      db
        .select({ delta: stockMovements.stockDelta })
        .from(stockMovements)
        .where(and(eq(stockMovements.inventoryItemId, hf.id), eq(stockMovements.kind, "flask_issue"))),
    );
    expect(moved.at(-1)!.delta).toBe(-4);
    expect(await invariantViolations(t.database)).toEqual([]);

    // More than the flask holds, straws that are not free, an embryo: refused, nothing moves.
    const full = await lab.post(`/api/flasks/${flask.id}/issue`, {
      items: [{ inventoryItemId: hf.id, quantity: 7 }],
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toMatch(/holds 10 straws; it has 4/);
    const big = await newFlask(10_000);
    const tooMany = await lab.post(`/api/flasks/${big.id}/issue`, {
      items: [{ inventoryItemId: hf.id, quantity: 500 }],
    });
    expect(tooMany.statusCode).toBe(409);
    const [embryo] = await t.database.read((db) =>
      db
        .select({ id: inventoryItems.id })
        .from(inventoryItems)
        .where(eq(inventoryItems.type, "embryo"))
        .limit(1),
    );
    const notStraw = await lab.post(`/api/flasks/${big.id}/issue`, {
      items: [{ inventoryItemId: embryo!.id, quantity: 1 }],
    });
    expect(notStraw.statusCode).toBe(409);
    expect(await stockOf("SEM-HF-101")).toBe(before - 4);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("is lent with its LN2 weight and returned with the weight back, its straws back in stock", async () => {
    const flask = await newFlask();
    const hf = await inventoryItem(t, "SEM-HF-101");
    const before = await stockOf("SEM-HF-101");
    await lab.post(`/api/flasks/${flask.id}/issue`, { items: [{ inventoryItemId: hf.id, quantity: 3 }] });

    expect((await lend(flask.id, { dueOn: day(-1) })).json().error.fields).toEqual({
      dueOn: "Not in the past",
    });
    const [labUser] = await t.database.read((db) =>
      db.select({ id: users.id }).from(users).where(eq(users.email, staffEmails.lab_technician)),
    );
    expect((await lend(flask.id, { holderUserId: labUser!.id })).statusCode).toBe(400);
    // Two lends at once: one wins.
    const both = await Promise.all([lend(flask.id), lend(flask.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lent: Flask = both.find((r) => r.statusCode === 200)!.json();
    expect(lent).toMatchObject({
      status: "lent",
      loan: { holder: { name: "Peter Kamau" }, weightOutKg: 3.6, depositKes: 5000 },
    });

    const summary = (await lab.get("/api/flasks/summary")).json();
    expect(summary.lent).toBeGreaterThanOrEqual(1);
    expect(summary.straws).toBeGreaterThanOrEqual(3);
    const field = asUser(t.app, await loginAs(t.app, staffEmails.field_technician));
    const mine = (await field.get("/api/field/flask")).json() as FlaskDetail[];
    expect(mine.find((f) => f.id === flask.id)!.contents.reduce((n, s) => n + s.count, 0)).toBe(3);

    expect((await lab.post(`/api/flasks/${flask.id}/return`, { weightBackKg: 4 })).statusCode).toBe(400);
    const back = await lab.post(`/api/flasks/${flask.id}/return`, {
      weightBackKg: 2.1,
      notes: "Lid seal worn",
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: "in_store", straws: 0, loan: null });
    expect((await lab.post(`/api/flasks/${flask.id}/return`, { weightBackKg: 2 })).statusCode).toBe(409);
    expect(await stockOf("SEM-HF-101")).toBe(before);
    const detail = (await lab.get(`/api/flasks/${flask.id}`)).json() as FlaskDetail;
    expect(detail.loans[0]).toMatchObject({
      weightOutKg: 3.6,
      weightBackKg: 2.1,
      ln2UsedKg: 1.5,
      notes: "Lid seal worn",
    });
    expect(detail.movements.map((m) => m.kind)).toContain("return");
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("alarms the store and the holder once when a flask is overdue, from two instances at once", async () => {
    const flask = await newFlask();
    expect((await lend(flask.id, { dueOn: day(1) })).statusCode).toBe(200);
    const texts = () =>
      t.database.read((db) =>
        db
          .select({ body: outbox.body, recipient: outbox.recipient })
          .from(outbox)
          .where(eq(outbox.kind, "flask_overdue")),
      );
    const mine = async () => (await texts()).filter((m) => m.body.includes(flask.serial));
    await alarmOverdueFlasks(t.ctx);
    expect(await mine()).toHaveLength(0);
    t.clock.advance(2 * DAY_MS);
    const instance = await secondInstance(t);
    try {
      await Promise.all([
        alarmOverdueFlasks(t.ctx),
        alarmOverdueFlasks({ ...t.ctx, database: instance.database }),
      ]);
      await alarmOverdueFlasks(t.ctx);
    } finally {
      await instance.close();
    }
    const sent = await mine();
    expect(sent.map((m) => m.recipient)).toContain("+254722500107");
    expect(new Set(sent.map((m) => m.recipient)).size).toBe(sent.length);
    expect(sent[0]!.body).toMatch(
      /^Urithi: Flask T-.+ \(Peter Kamau\) was due back on .+\. Please return it to the store\.$/,
    );
    const again = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    const listed = (await again.get("/api/flasks?limit=100")).json() as Flask[];
    expect(listed.find((f) => f.id === flask.id)!.loan!.overdue).toBe(true);
  });
});
