import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cowReminders, outbox } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { addCow, boughtStraw } from "../../testing/herd";
import { asUser, loginClient, newClientAccount, secondInstance } from "../../testing/test-app";
import { DAY_MS, nairobiDate } from "../../time";
import { sendCowReminders } from "./calendar";
import { DEMO_CALLBACK_SECRET } from "./sms-reply";

withTestApp();
type Farmer = Awaited<ReturnType<typeof newClientAccount>>;
let farmer: Farmer;

/** Sets the clock to 06:59 in Nairobi, `days` from the real today: a minute before reminders may go. */
function beforeSeven(days = 0) {
  const now = new Date(Date.now() + days * DAY_MS);
  t.clock.set(new Date(`${nairobiDate(now)}T06:59:00+03:00`));
}
const daysAgo = (days: number) => nairobiDate(new Date(t.clock.now().getTime() - days * DAY_MS));

beforeAll(async () => {
  beforeSeven();
  farmer = await newClientAccount(t.app, { language: "sw" });
});

const event = (cowId: number, body: object, who = farmer) =>
  who.client.post(`/api/client/cows/${cowId}/events`, body);

const reminders = (cowId: number) =>
  t.database.read((db) =>
    db
      .select({ kind: cowReminders.kind, dueOn: cowReminders.dueOn, status: cowReminders.status })
      .from(cowReminders)
      .where(eq(cowReminders.cowId, cowId))
      .orderBy(cowReminders.id),
  );

const smsTo = (phone: string, kind: string) =>
  t.database.read((db) =>
    db
      .select({ body: outbox.body, language: outbox.language })
      .from(outbox)
      .where(
        and(eq(outbox.recipient, phone), eq(outbox.kind, kind as "cow_pd_due"), eq(outbox.channel, "sms")),
      ),
  );

describe("the farmer's herd", () => {
  it("adds cows with a tag of their own, and keeps each farmer's herd to them", async () => {
    const cow = await addCow(farmer, { tag: "KE-001", name: "Malkia", birthDate: "2021-03-04", parity: 2 });
    expect(cow).toMatchObject({
      tag: "KE-001",
      name: "Malkia",
      parity: 2,
      status: "active",
      reminders: true,
    });
    const again = await farmer.client.post("/api/client/cows", { tag: "ke-001", breed: "Jersey" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ tag: "You already have a cow with this tag" });
    const future = await farmer.client.post("/api/client/cows", {
      tag: "KE-002",
      breed: "Jersey",
      birthDate: nairobiDate(new Date(t.clock.now().getTime() + 2 * DAY_MS)),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ birthDate: "Not in the future" });
    const other = await newClientAccount(t.app);
    expect((await other.client.get(`/api/client/cows/${cow.id}`)).statusCode).toBe(404);
    expect((await event(cow.id, { type: "heat", date: daysAgo(1) }, other)).statusCode).toBe(404);
    // Another farmer may use the same tag in their own herd.
    await addCow(other, { tag: "KE-001" });
    const list = await farmer.client.get("/api/client/cows?limit=10");
    expect(list.headers["x-total-count"]).toBe("1");
  });

  it("imports a herd from a CSV, all of it or none, naming every refused row", async () => {
    const who = await newClientAccount(t.app);
    const importing = (csv: string) => who.client.post("/api/client/cows/import", { csv });
    const good = await importing(
      '\uFEFFTag,Name,Breed,Birth date,Parity\r\nKE-100,Neema,Friesian,2021-05-01,2\r\nKE-101,,Jersey,,\r\n"KE-102","Mama, Kubwa",Ayrshire,,1\r\n',
    );
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json()).toEqual({ imported: 3 });
    const herd = (await who.client.get("/api/client/cows?limit=10")).json() as {
      tag: string;
      name: string | null;
    }[];
    expect(herd.map((c) => [c.tag, c.name])).toEqual([
      ["KE-100", "Neema"],
      ["KE-101", null],
      ["KE-102", "Mama, Kubwa"],
    ]);
    const future = nairobiDate(new Date(t.clock.now().getTime() + 5 * DAY_MS));
    const bad = await importing(
      `tag,breed,birthDate\nKE-200,Jersey,\nKE-201,,\nKE-200,Jersey,\nke-100,Jersey,\nKE-202,Jersey,${future}\n`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      "row 3": "Breed is required",
      "row 4": "tag KE-200 is twice in the file",
      "row 5": "tag ke-100 is already in your herd",
      "row 6": "A date cannot be in the future",
    });
    expect((await who.client.get("/api/client/cows?limit=10")).headers["x-total-count"]).toBe("3");
    expect((await importing("name,age\nNeema,4\n")).json().error.fields).toEqual({
      csv: "Name the columns tag and breed",
    });
    expect((await importing("tag,breed\n")).json().error.fields).toEqual({ csv: "The file has no cows" });
    expect((await importing('tag,breed\n"KE-1,Jersey\n')).statusCode).toBe(400);
  });

  it("refuses events the herd book does not allow", async () => {
    const cow = await addCow(farmer);
    const refused = async (body: object, field: string, words: RegExp, cowId = cow.id) => {
      const res = await event(cowId, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields[field]).toMatch(words);
    };
    await refused(
      { type: "heat", date: nairobiDate(new Date(t.clock.now().getTime() + DAY_MS)) },
      "date",
      /future/,
    );
    await refused({ type: "insemination", date: daysAgo(100) }, "orderItemId", /straw you bought/);
    const other = await newClientAccount(t.app);
    await refused(
      { type: "insemination", date: daysAgo(100), orderItemId: await boughtStraw(other) },
      "orderItemId",
      /straw you bought/,
    );
    expect(
      (await event(cow.id, { type: "insemination", date: daysAgo(100), otherSemen: "Bull from a neighbour" }))
        .statusCode,
    ).toBe(201);
    await refused({ type: "pd", date: daysAgo(80), result: "pregnant" }, "date", /30 days after the service/);
    expect(
      (await event(cow.id, { type: "pd", date: daysAgo(60), result: "pregnant", method: "palpation" }))
        .statusCode,
    ).toBe(201);
    await refused(
      { type: "calving", date: daysAgo(0), ease: "easy", calfSex: "female", calfAlive: true },
      "date",
      /220 days after the service/,
    );
    // A calving 220 days on makes the calf a cow of the herd, and a second calving needs 220 days more.
    const calved = await addCow(farmer, { lastCalvingDate: daysAgo(100) });
    await refused(
      { type: "calving", date: daysAgo(0), ease: "easy", calfSex: "male", calfAlive: true },
      "date",
      /220 days after her last calving/,
      calved.id,
    );
    const older = await addCow(farmer, { lastCalvingDate: daysAgo(400), parity: 1 });
    const calf = `CALF-${Date.now()}`;
    const birth = await event(older.id, {
      type: "calving",
      date: daysAgo(2),
      ease: "assisted",
      calfSex: "female",
      calfAlive: true,
      calfTag: calf,
    });
    expect(birth.statusCode, birth.body).toBe(201);
    expect((await farmer.client.get(`/api/client/cows/${older.id}`)).json()).toMatchObject({
      parity: 2,
      lastCalvingDate: daysAgo(2),
    });
    const herd = (await farmer.client.get("/api/client/cows?limit=100")).json() as {
      tag: string;
      birthDate: string;
    }[];
    expect(herd.find((c) => c.tag === calf)).toMatchObject({ birthDate: daysAgo(2) });
    // Sold: she leaves the herd, and nothing more is recorded for her.
    expect((await event(calved.id, { type: "exit", date: daysAgo(0), reason: "sold" })).statusCode).toBe(201);
    const after = await event(calved.id, { type: "heat", date: daysAgo(0) });
    expect(after.statusCode).toBe(409);
  });

  it("uses each bought straw once, and names its batch", async () => {
    const cow = await addCow(farmer);
    const straw = await boughtStraw(farmer);
    const served = await event(cow.id, {
      type: "insemination",
      date: daysAgo(0),
      time: "07:30",
      orderItemId: straw,
      technician: "Kip",
    });
    expect(served.statusCode, served.body).toBe(201);
    expect(served.json()).toMatchObject({
      orderItemId: straw,
      straw: { bullName: expect.any(String) },
      batch: expect.any(String),
    });
    const second = await addCow(farmer);
    const reused = await event(second.id, { type: "insemination", date: daysAgo(0), orderItemId: straw });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.fields).toEqual({ orderItemId: "Every straw of this line is used" });
    const straws = (await farmer.client.get("/api/client/straws")).json();
    expect(straws.find((s: { orderItemId: number }) => s.orderItemId === straw)).toMatchObject({
      bought: 1,
      used: 1,
    });
  });
});

describe("the cow calendar", () => {
  it("schedules each reminder, cancels what an event answers, and replaces the calendar on a new service", async () => {
    const cow = await addCow(farmer, { breed: "Sahiwal" });
    const day0 = daysAgo(5);
    await event(cow.id, { type: "insemination", date: day0, otherSemen: "Co-op bull" });
    const dayAfter = (days: number) =>
      nairobiDate(new Date(Date.parse(`${day0}T12:00:00+03:00`) + days * DAY_MS));
    expect(await reminders(cow.id)).toEqual([
      { kind: "repeat_heat", dueOn: dayAfter(18), status: "scheduled" },
      { kind: "pd_due", dueOn: dayAfter(60), status: "scheduled" },
      // Sahiwal carry 293 days.
      { kind: "dry_off", dueOn: dayAfter(233), status: "scheduled" },
      { kind: "calving_due", dueOn: dayAfter(293), status: "scheduled" },
    ]);
    await event(cow.id, { type: "heat", date: daysAgo(0) });
    expect((await reminders(cow.id)).map((r) => r.status)).toEqual([
      "cancelled",
      "scheduled",
      "scheduled",
      "scheduled",
    ]);
    await event(cow.id, { type: "insemination", date: daysAgo(0), otherSemen: "Co-op bull" });
    const now = await reminders(cow.id);
    expect(now.filter((r) => r.status === "scheduled")).toHaveLength(4);
    expect(now.slice(0, 4).every((r) => r.status === "cancelled")).toBe(true);
    // Recorded late, a heat or a service before today's service leaves today's calendar as it is.
    await event(cow.id, { type: "heat", date: daysAgo(2) });
    await event(cow.id, { type: "insemination", date: daysAgo(3), otherSemen: "Co-op bull" });
    const kept = await reminders(cow.id);
    expect(kept).toHaveLength(8);
    expect(kept.slice(4).map((r) => r.status)).toEqual(["scheduled", "scheduled", "scheduled", "scheduled"]);
    const calendar = (await farmer.client.get("/api/client/calendar")).json() as {
      cowId: number;
      kind: string;
    }[];
    expect(calendar.filter((r) => r.cowId === cow.id).map((r) => r.kind)).toEqual([
      "repeat_heat",
      "pd_due",
      "dry_off",
      "calving_due",
    ]);
    // Turned off for this cow: the calendar leaves her out.
    await farmer.client.patch(`/api/client/cows/${cow.id}`, { reminders: false });
    expect(
      ((await farmer.client.get("/api/client/calendar")).json() as { cowId: number }[]).some(
        (r) => r.cowId === cow.id,
      ),
    ).toBe(false);
  });

  it("texts each reminder once, from 07:00 Nairobi, in the farmer's language, on two instances at once; a reply records the PD", async () => {
    const sw = await newClientAccount(t.app, { language: "sw" });
    const cow = await addCow(sw, { name: "Zawadi" });
    await event(cow.id, { type: "insemination", date: daysAgo(18), otherSemen: "Co-op bull" }, sw);
    const quiet = await addCow(sw, { name: "Kimya" });
    await event(quiet.id, { type: "insemination", date: daysAgo(18), otherSemen: "Co-op bull" }, sw);
    await sw.client.patch(`/api/client/cows/${quiet.id}`, { reminders: false });

    expect(await sendCowReminders(t.ctx)).toBe(0);
    expect(await smsTo(sw.phone, "cow_repeat_heat")).toEqual([]);
    t.clock.advance(60_000);
    const instance = await secondInstance(t);
    try {
      const other = { ...t.ctx, database: instance.database };
      const sent = await Promise.all([
        sendCowReminders(t.ctx),
        sendCowReminders(other),
        sendCowReminders(t.ctx),
      ]);
      expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await instance.close();
    }
    const heat = await smsTo(sw.phone, "cow_repeat_heat");
    expect(heat).toHaveLength(1);
    expect(heat[0]!.language).toBe("sw");
    expect(heat[0]!.body).toMatch(/^Urithi: Mchunguze Zawadi kama ana joto hadi /);
    expect(heat[0]!.body.length).toBeLessThanOrEqual(160);
    expect(await sendCowReminders(t.ctx)).toBe(0);
    expect((await reminders(quiet.id))[0]!.status).toBe("cancelled");

    // Day 60: the PD reminder, and the farmer answers "1".
    t.clock.advance(42 * DAY_MS);
    await sendCowReminders(t.ctx);
    const [pd] = await smsTo(sw.phone, "cow_pd_due");
    expect(pd!.body).toContain("jibu 1 kama ana mimba, 2 kama hana");
    const reply = (id: string, text: string, from = sw.phone, secret = DEMO_CALLBACK_SECRET) =>
      t.app.inject({
        method: "POST",
        url: `/api/messages/incoming?secret=${secret}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({
          id,
          from,
          text,
          to: "22384",
          date: t.clock.now().toISOString(),
        }).toString(),
      });
    expect((await reply("at-1", "1", sw.phone, "wrong")).statusCode).toBe(403);
    expect((await reply("at-2", "ndiyo")).json()).toEqual({ outcome: "not_understood" });
    expect((await reply("at-3", "1", "+254700000001")).json()).toEqual({ outcome: "nothing_asked" });
    expect((await reply("at-4", "1", "+1 555 0100")).json()).toEqual({ outcome: "unknown_sender" });
    expect((await reply("at-5", "1")).json()).toEqual({ outcome: "pd_recorded" });
    expect((await reply("at-5", "1")).json()).toEqual({ outcome: "duplicate" });
    expect((await reply("at-6", "2")).json()).toEqual({ outcome: "nothing_asked" });
    // Weeks on, the farmer signs in again to look.
    const back = asUser(t.app, await loginClient(t.app, sw.email, sw.password));
    const events = (await back.get(`/api/client/cows/${cow.id}/events`)).json();
    expect(events.filter((e: { type: string }) => e.type === "pd")).toMatchObject([
      { result: "pregnant", source: "sms" },
    ]);
    const [thanks] = await smsTo(sw.phone, "cow_pd_recorded");
    expect(thanks!.body).toBe("Urithi: Asante. Zawadi amerekodiwa kuwa ana mimba.");
    expect((await reply("at-7", "")).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/messages/incoming?secret=${DEMO_CALLBACK_SECRET}`,
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
  });
});
