import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { FieldSyncResult } from "../../../contract/field";
import type { FlaskDetail } from "../../../contract/flasks";
import type { ServiceRequest } from "../../../contract/service-requests";
import { breedingRecords, cowEvents, payments, users } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { addCow, boughtStraw } from "../../testing/herd";
import { invariantViolations } from "../../testing/invariants";
import { asUser, inventoryItem, loginAs, newClientAccount, staffEmails } from "../../testing/test-app";
import { DAY_MS, nairobiDate } from "../../time";

withTestApp({ listen: true });
type Staff = ReturnType<typeof asUser>;
type Farmer = Awaited<ReturnType<typeof newClientAccount>>;
let farmer: Farmer;
let lab: Staff;
let dispatcher: Staff;
let field: Staff;
let technicianId: number;
let flask: FlaskDetail;

const day = (days: number) => nairobiDate(new Date(t.clock.now().getTime() + days * DAY_MS));

beforeAll(async () => {
  t.clock.set(new Date(`${nairobiDate(new Date())}T09:00:00+03:00`));
  farmer = await newClientAccount(t.app);
  lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
  dispatcher = asUser(t.app, await loginAs(t.app, staffEmails.chief_scientist));
  field = asUser(t.app, await loginAs(t.app, staffEmails.field_technician));
  const [tech] = await t.database.read((db) =>
    db.select({ id: users.id }).from(users).where(eq(users.email, staffEmails.field_technician)),
  );
  technicianId = tech!.id;
  const made = (
    await lab.post("/api/flasks", {
      serial: `FS-${Date.now()}`,
      kind: "flask",
      capacityStraws: 20,
      ln2CapacityKg: 3.6,
    })
  ).json();
  const hf = await inventoryItem(t, "SEM-HF-101");
  await lab.post(`/api/flasks/${made.id}/issue`, { items: [{ inventoryItemId: hf.id, quantity: 5 }] });
  await lab.post(`/api/flasks/${made.id}/lend`, {
    holderUserId: technicianId,
    dueOn: day(7),
    depositKes: 0,
    weightOutKg: 3.6,
  });
  flask = (await lab.get(`/api/flasks/${made.id}`)).json();
});

let serial = 0;
/** A cow of the farmer's with a visit of `kind` assigned to Peter Kamau. */
async function visit(kind: "ai" | "pd" = "ai", cowBody: object = {}) {
  serial += 1;
  const cow = await addCow(farmer, { tag: `FLD-${Date.now()}-${serial}`, name: "Imani", ...cowBody });
  const asked = await farmer.client.post("/api/client/service-requests", {
    cowId: cow.id,
    kind,
    location: { county: "Kiambu" },
    phone: farmer.phone,
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const request: ServiceRequest = asked.json();
  expect(
    (await dispatcher.post(`/api/service-requests/${request.id}/assign`, { technicianId })).statusCode,
  ).toBe(200);
  return { cow, request };
}

const insemination = (cowId: number, requestId: number, extra: object = {}) => ({
  clientId: randomUUID(),
  type: "insemination",
  requestId,
  cowId,
  date: day(0),
  time: "08:40",
  flaskId: flask.id,
  batchId: flask.contents[0]!.batchId,
  bodyCondition: 2.75,
  amPmOk: true,
  ...extra,
});
const sync = async (...records: object[]) => {
  const res = await field.post("/api/field/sync", { records });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as FieldSyncResult[];
};
const eventsOf = (cowId: number) =>
  t.database.read((db) => db.select().from(cowEvents).where(eq(cowEvents.cowId, cowId)));
const strawsLeft = async () => ((await lab.get(`/api/flasks/${flask.id}`)).json() as FlaskDetail).straws;

describe("the technician's sync", () => {
  it("records an insemination from the flask once, however often it is sent", async () => {
    const { cow, request } = await visit();
    const before = await strawsLeft();
    const record = insemination(cow.id, request.id);
    const [first] = await sync(record);
    expect(first).toMatchObject({ clientId: record.clientId, status: "applied", message: null });
    // The phone lost the answer and sends it again, twice at once: still one event, one straw.
    const again = await Promise.all([sync(record), sync(record)]);
    expect(again.flat()).toEqual([first, first]);
    const events = await eventsOf(cow.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "insemination",
      source: "technician",
      technician: "Peter Kamau",
      time: "08:40",
      bodyCondition: 2.75,
      amPmOk: true,
    });
    expect(events[0]!.otherSemen).toContain("SEM-HF-101");
    expect(await strawsLeft()).toBe(before - 1);
    // The service is measured as a confirmed one, against the straw's batch; the visit is done.
    const [service] = await t.database.read((db) =>
      db.select().from(breedingRecords).where(eq(breedingRecords.cowEventId, events[0]!.id)),
    );
    expect(service).toMatchObject({
      outcomeSource: "confirmed",
      batchId: flask.contents[0]!.batchId,
      status: "breeding",
    });
    const closed = (
      await farmer.client.get(`/api/client/service-requests?cowId=${cow.id}`)
    ).json() as ServiceRequest[];
    expect(closed[0]!.status).toBe("done");
    // Charged once, whatever the replays: one order, one M-Pesa prompt.
    const charged = await t.database.read((db) =>
      db.select().from(payments).where(eq(payments.orderId, closed[0]!.orderId!)),
    );
    expect(charged).toEqual([
      expect.objectContaining({ method: "mpesa", amountKes: 1500, status: "pending" }),
    ]);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("records a new record sent by two syncs at the same moment exactly once", async () => {
    const { cow, request } = await visit();
    const record = insemination(cow.id, request.id);
    const [a, b] = await Promise.all([sync(record), sync(record)]);
    expect(a).toEqual(b);
    expect(a[0]!.status).toBe("applied");
    expect(await eventsOf(cow.id)).toHaveLength(1);
  });

  it("keeps a record the farm changed meanwhile as a conflict, shown until dismissed, and records nothing", async () => {
    const { cow, request } = await visit();
    const loaded = (await farmer.client.get(`/api/client/cows/${cow.id}`)).json();
    const seenAt = new Date(loaded.updatedAt ?? t.clock.now()).toISOString();
    t.clock.advance(60_000);
    await farmer.client.patch(`/api/client/cows/${cow.id}`, { name: "Imani Bora" });
    const record = insemination(cow.id, request.id, { cowVersion: seenAt });
    const [result] = await sync(record);
    expect(result).toMatchObject({ status: "conflict", eventId: null });
    expect(result!.message).toMatch(/was changed on the farm since your phone loaded her/);
    expect(await eventsOf(cow.id)).toHaveLength(0);
    const conflicts = (await field.get("/api/field/conflicts")).json();
    expect(conflicts).toContainEqual(
      expect.objectContaining({ clientId: record.clientId, cow: expect.stringContaining("Imani Bora") }),
    );
    // Sent again, it answers the same: the phone can drop it from its queue and show it.
    expect((await sync(record))[0]).toEqual(result);
    expect((await field.post(`/api/field/conflicts/${record.clientId}/dismiss`, {})).json().status).toBe(
      "dismissed",
    );
    expect(
      ((await field.get("/api/field/conflicts")).json() as { clientId: string }[]).some(
        (c) => c.clientId === record.clientId,
      ),
    ).toBe(false);
  });

  it("refuses another technician's visit, a straw not in the flask, and bad records", async () => {
    const { cow, request } = await visit();
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect(
      (await sales.post("/api/field/sync", { records: [insemination(cow.id, request.id)] })).statusCode,
    ).toBe(403);
    // A Director may use the field screens, but not record on a visit given to someone else.
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const notYours = await director.post("/api/field/sync", { records: [insemination(cow.id, request.id)] });
    expect(notYours.json().results[0]).toMatchObject({
      status: "conflict",
      message: "This visit is not yours",
    });
    const [notInFlask] = await sync(insemination(cow.id, request.id, { batchId: 999_999 }));
    expect(notInFlask).toMatchObject({
      status: "conflict",
      message: "That straw is not in your flask any more",
    });
    const [wrongCow] = await sync(
      insemination((await addCow(farmer, { tag: `X-${Date.now()}` })).id, request.id),
    );
    expect(wrongCow!.message).toBe("This cow is not the one on the visit");
    for (const bad of [{ clientId: "not-a-uuid" }, { bodyCondition: 7 }, { time: "8h" }, { type: "dance" }]) {
      const res = await field.post("/api/field/sync", { records: [insemination(cow.id, request.id, bad)] });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await eventsOf(cow.id)).toHaveLength(0);
  });

  it("confirms a pregnancy a farmer's service was waiting for", async () => {
    const straw = await boughtStraw(farmer);
    const { cow, request } = await visit("pd");
    await farmer.client.post(`/api/client/cows/${cow.id}/events`, {
      type: "insemination",
      date: day(-40),
      orderItemId: straw,
    });
    const [pd] = await sync({
      clientId: randomUUID(),
      type: "pd",
      requestId: request.id,
      cowId: cow.id,
      date: day(0),
      result: "pregnant",
      method: "ultrasound",
    });
    expect(pd!.status).toBe("applied");
    const [service] = await t.database.read((db) =>
      db
        .select()
        .from(breedingRecords)
        .where(and(eq(breedingRecords.animalId, cow.tag))),
    );
    expect(service).toMatchObject({ status: "pregnant", outcomeSource: "confirmed" });
    // On the next visit the technician records a calving the herd book's rules refuse (40 days after the
    // service): kept as a conflict that says why, nothing recorded.
    const asked = await farmer.client.post("/api/client/service-requests", {
      cowId: cow.id,
      kind: "pd",
      location: { county: "Kiambu" },
      phone: farmer.phone,
    });
    const next: ServiceRequest = asked.json();
    await dispatcher.post(`/api/service-requests/${next.id}/assign`, { technicianId });
    const [calving] = await sync({
      clientId: randomUUID(),
      type: "calving",
      requestId: next.id,
      cowId: cow.id,
      date: day(0),
      ease: "easy",
      calfSex: "female",
      calfAlive: true,
      calfTag: `${cow.tag}-C`,
    });
    expect(calving).toMatchObject({ status: "conflict", eventId: null });
    expect(calving!.message).toMatch(/A calving needs 220 days after the service/);
  });
});
