import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryItems, outbox, storageAlerts, storageUnits } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";
import { availableStock, isLowStock } from "../inventory/low-stock";
import { sendLowStockDigest } from "./low-stock-digest";
import { alarmStaff } from "./staff-alarms";

withTestApp();

const alarmTexts = () =>
  t.database.read((db) =>
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "storage_alarm"), eq(outbox.channel, "sms"))),
  );

const ALARM_REPEAT_MS = 30 * 60_000;

describe("storage alarms", () => {
  it("texts the lab and the Directors at once, every 30 minutes until acknowledged, then stops", async () => {
    expect(t.config.messaging.alarmRepeatMs).toBe(ALARM_REPEAT_MS);
    const lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    const [tank] = await t.database.read((db) =>
      db.select().from(storageUnits).where(eq(storageUnits.unitType, "liquid_nitrogen")).limit(1),
    );
    // The demo data leaves alerts open, texted here first; this test follows the tank it warms.
    await alarmStaff(t.ctx);
    const before = (await alarmTexts()).length;
    const aboutTank = async () => (await alarmTexts()).filter((m) => m.body.includes(`${tank!.name} is at`));

    const reading = await lab.post("/api/storage/readings", { storageUnitId: tank!.id, temperature: -120 });
    expect(reading.statusCode, reading.body).toBe(201);
    expect(await alarmStaff(t.ctx)).toBe(1);
    const first = (await alarmTexts()).slice(before);
    // Two Directors and the lab technician, each by SMS, in their own language.
    expect(first.map((m) => m.recipient).sort()).toEqual(["+254722500101", "+254722500102", "+254722500105"]);
    expect(first[0]!.body).toBe(
      `Urithi ALARM: ${tank!.name} is at -120°C, above the optimal range. Acknowledge it in Cryo Storage.`,
    );

    // Not again within the half hour, from this instance or another.
    expect(await Promise.all([alarmStaff(t.ctx), alarmStaff(t.ctx)])).toEqual([0, 0]);
    t.clock.advance(ALARM_REPEAT_MS - 60_000);
    expect(await alarmStaff(t.ctx)).toBe(0);
    t.clock.advance(60_000);
    expect(await alarmStaff(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await aboutTank()).toHaveLength(6);

    const [alert] = await t.database.read((db) =>
      db.select().from(storageAlerts).where(eq(storageAlerts.storageUnitId, tank!.id)),
    );
    const labAgain = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    const ack = await labAgain.post(`/api/storage/alerts/${alert!.id}/acknowledge`, {
      note: "Topped up from the dewar; reading again in an hour",
    });
    expect(ack.statusCode, ack.body).toBe(200);
    t.clock.advance(ALARM_REPEAT_MS * 2);
    await alarmStaff(t.ctx);
    expect(await aboutTank()).toHaveLength(6);
  });

  it("leaves a warning temperature to the banner: only what can lose stock wakes people", async () => {
    const lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    const [tank] = await t.database.read((db) =>
      db.select().from(storageUnits).where(eq(storageUnits.unitType, "liquid_nitrogen")).offset(1).limit(1),
    );
    await alarmStaff(t.ctx);
    const before = (await alarmTexts()).length;
    expect(
      (await lab.post("/api/storage/readings", { storageUnitId: tank!.id, temperature: -160 })).statusCode,
    ).toBe(201);
    expect(await alarmStaff(t.ctx)).toBe(0);
    expect((await alarmTexts()).length).toBe(before);
  });
});

describe("the low-stock digest", () => {
  it("emails those who restock once a Nairobi morning, from 7:00, listing every low item", async () => {
    const digests = () =>
      t.database.read((db) => db.select().from(outbox).where(eq(outbox.kind, "low_stock_digest")));
    const [lowest] = await t.database.read((db) =>
      db.select().from(inventoryItems).where(isLowStock).orderBy(asc(availableStock)).limit(1),
    );
    expect(lowest, "the demo data has low stock").toBeDefined();
    // 06:30 in Nairobi is 03:30 UTC: too early.
    t.clock.set(new Date("2027-03-01T03:30:00Z"));
    expect(await sendLowStockDigest(t.ctx)).toBe(0);
    t.clock.set(new Date("2027-03-01T04:05:00Z"));
    const sent = await Promise.all([sendLowStockDigest(t.ctx), sendLowStockDigest(t.ctx)]);
    // Two Directors, the Chief Scientist and the lab technician; once, however many instances ask.
    expect(sent.sort()).toEqual([0, 4]);
    const mail = (await digests()).at(-1)!;
    expect(mail).toMatchObject({
      channel: "email",
      subject: expect.stringMatching(/^Low stock today: \d+ items?$/),
    });
    expect(mail.body).toContain(`${lowest!.itemId} | ${lowest!.breedName} |`);
    t.clock.set(new Date("2027-03-01T15:00:00Z"));
    expect(await sendLowStockDigest(t.ctx)).toBe(0);
    t.clock.set(new Date("2027-03-02T04:00:00Z"));
    expect(await sendLowStockDigest(t.ctx)).toBe(4);
  });
});
