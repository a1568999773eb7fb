import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  amPmWindow,
  type ServiceRequest,
  type ServiceRequestStatus,
  serviceRequestMoves,
  serviceRequestStatuses,
} from "../../../contract/service-requests";
import { outbox, payments, serviceRequests, users } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { addCow } from "../../testing/herd";
import { asUser, loginAs, newClientAccount, secondInstance, staffEmails } from "../../testing/test-app";
import { alarmUnassigned } from "./alarm";

withTestApp({ listen: true });
type Farmer = Awaited<ReturnType<typeof newClientAccount>>;
type Staff = ReturnType<typeof asUser>;
let farmer: Farmer;
let dispatcher: Staff;
let technicianId: number;

beforeAll(async () => {
  t.clock.set(new Date("2026-11-28T09:30:00+03:00"));
  farmer = await newClientAccount(t.app, { language: "sw" });
  dispatcher = asUser(t.app, await loginAs(t.app, staffEmails.chief_scientist));
  const [tech] = await t.database.read((db) =>
    db.select({ id: users.id }).from(users).where(eq(users.email, staffEmails.field_technician)),
  );
  technicianId = tech!.id;
});

const ask = (cowId: number, body: object = {}, who = farmer) =>
  who.client.post("/api/client/service-requests", {
    cowId,
    kind: "ai",
    heatSeenAt: "2026-11-28T06:30:00+03:00",
    location: { county: "Nakuru", ward: "Bahati", description: "Behind Bahati market" },
    phone: "0722 000 111",
    ...body,
  });

let serial = 0;
async function newRequest(body: object = {}): Promise<ServiceRequest> {
  serial += 1;
  const cow = await addCow(farmer, { tag: `SR-${Date.now()}-${serial}`, name: "Neema" });
  const res = await ask(cow.id, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const sms = (kind: "service_assigned" | "service_job" | "service_unassigned") =>
  t.database.read((db) =>
    db
      .select({ recipient: outbox.recipient, body: outbox.body, language: outbox.language })
      .from(outbox)
      .where(and(eq(outbox.kind, kind), eq(outbox.channel, "sms"))),
  );

describe("a farmer asks for an inseminator", () => {
  it("suggests the visit by the AM–PM rule and prices it from the service list", async () => {
    const morning = await newRequest();
    expect(morning).toMatchObject({
      kind: "ai",
      status: "requested",
      phone: "+254722000111",
      priceKes: 1500,
      location: { county: "Nakuru", ward: "Bahati", description: "Behind Bahati market" },
      visitFrom: "2026-11-28T11:00:00.000Z",
      visitTo: "2026-11-28T16:00:00.000Z",
      technician: null,
      overdue: false,
    });
    // Seen in the afternoon: the next morning.
    expect(amPmWindow(new Date("2026-11-27T16:00:00+03:00"))).toEqual({
      from: new Date("2026-11-28T06:00:00+03:00"),
      to: new Date("2026-11-28T11:00:00+03:00"),
      seen: "afternoon",
    });
    // A PD visit has no heat and no window, and its own price.
    const pd = await newRequest({ kind: "pd", heatSeenAt: undefined });
    expect(pd).toMatchObject({ kind: "pd", priceKes: 1000, visitFrom: null, heatSeenAt: null });
    // Staff change the list: new requests take the new price, made ones keep theirs.
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    expect((await director.put("/api/service-prices/ai", { priceKes: 1800 })).json()).toEqual({
      kind: "ai",
      priceKes: 1800,
    });
    expect((await newRequest()).priceKes).toBe(1800);
    expect((await farmer.client.get("/api/client/service-requests")).json()).toContainEqual(
      expect.objectContaining({ id: morning.id, priceKes: 1500 }),
    );
    expect((await dispatcher.put("/api/service-prices/ai", { priceKes: 1500 })).statusCode).toBe(403);
    await director.put("/api/service-prices/ai", { priceKes: 1500 });
  });

  it("answers bad requests with a clear 4xx and keeps nothing", async () => {
    const cow = await addCow(farmer, { tag: `KE-SR-BAD-${Date.now()}` });
    const before = await t.database.read((db) => db.$count(serviceRequests));
    const cases: [object, number, Record<string, string>?][] = [
      [{ heatSeenAt: "2026-11-28T12:00:00+03:00" }, 400, { heatSeenAt: "Not in the future" }],
      [{ heatSeenAt: "2026-11-26T06:00:00+03:00" }, 400, { heatSeenAt: "More than 36 hours ago" }],
      [{ phone: "12345" }, 400],
      [{ location: { county: "Atlantis" } }, 400],
      [{ location: { county: "Nakuru", lat: 51.5, lng: -0.1 } }, 400],
      [{ kind: "embryo" }, 400],
    ];
    for (const [body, status, fields] of cases) {
      const res = await ask(cow.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (fields) expect(res.json().error.fields).toEqual(fields);
    }
    const other = await newClientAccount(t.app);
    expect((await ask(cow.id, {}, other)).statusCode).toBe(404);
    expect(await t.database.read((db) => db.$count(serviceRequests))).toBe(before);
    expect((await ask(cow.id)).statusCode).toBe(201);
    const twice = await ask(cow.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/already has a visit booked/);
  });
});

describe("dispatch", () => {
  it("shows the board by county, assigns a technician, and texts the farmer and the technician", async () => {
    const request = await newRequest();
    const board = await dispatcher.get("/api/service-requests?status=requested&county=Nakuru");
    expect(board.json()).toContainEqual(expect.objectContaining({ id: request.id }));
    expect(Number(board.headers["x-total-count"])).toBeGreaterThan(0);
    const counts = (await dispatcher.get("/api/service-requests/counts")).json();
    expect(counts).toContainEqual(expect.objectContaining({ county: "Nakuru" }));
    const techs = (await dispatcher.get("/api/field-technicians")).json();
    expect(techs).toContainEqual(expect.objectContaining({ id: technicianId, name: "Peter Kamau" }));

    const assigned = await dispatcher.post(`/api/service-requests/${request.id}/assign`, { technicianId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      status: "assigned",
      technician: { id: technicianId, name: "Peter Kamau", phone: "+254 722 500 107" },
    });
    const toFarmer = (await sms("service_assigned")).filter((m) => m.recipient === "+254722000111");
    expect(toFarmer.at(-1)).toMatchObject({ language: "sw" });
    expect(toFarmer.at(-1)!.body).toBe(
      "Urithi: Peter Kamau, +254 722 500 107, atakuja kumpandisha Neema tarehe 28 Nov, 14:00-19:00. Bei KSh 1,500.",
    );
    const toTech = (await sms("service_job")).filter((m) => m.recipient === "+254722500107");
    expect(toTech.at(-1)!.body).toContain("AI for Neema at Bahati, Nakuru");
    expect(toTech.at(-1)!.body).toContain("Farmer +254722000111");
    for (const m of [...toFarmer, ...toTech]) expect(m.body.length).toBeLessThanOrEqual(160);

    const field = asUser(t.app, await loginAs(t.app, staffEmails.field_technician));
    expect((await field.get("/api/field/jobs")).json()).toContainEqual(
      expect.objectContaining({ id: request.id }),
    );
    expect((await field.get("/api/service-requests")).statusCode).toBe(403);
    expect((await farmer.client.get("/api/service-requests")).statusCode).toBe(403);
    const done = await field.post(`/api/field/jobs/${request.id}/done`, {});
    expect(done.json()).toMatchObject({ status: "done" });
    // Done, the visit is charged: an order for the farmer with the visit at its booked price, and the
    // M-Pesa prompt sent to the phone given for the visit.
    const orderId = done.json().orderId as number;
    const answer = await farmer.client.get(`/api/client/orders/${orderId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const order = answer.json();
    expect(order.items).toEqual([
      expect.objectContaining({
        productName: `AI visit: Neema (${request.cow.tag})`,
        quantity: 1,
        price: 1500,
      }),
    ]);
    expect(order.totalAmountKes).toBe(1500);
    const [payment] = await t.database.read((db) =>
      db.select().from(payments).where(eq(payments.orderId, orderId)),
    );
    expect(payment).toMatchObject({
      method: "mpesa",
      phone: "254722000111",
      amountKes: 1500,
      status: "pending",
    });
    // Only staff with `breeding` dispatch; a technician is a Field Technician.
    const sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect(
      (await sales.post(`/api/service-requests/${request.id}/assign`, { technicianId })).statusCode,
    ).toBe(403);
    const other = await newRequest();
    const notTech = await dispatcher.post(`/api/service-requests/${other.id}/assign`, {
      technicianId: (
        await t.database.read((db) =>
          db.select({ id: users.id }).from(users).where(eq(users.email, staffEmails.lab_technician)),
        )
      )[0]!.id,
    });
    expect(notTech.statusCode).toBe(400);
    expect(notTech.json().error.fields).toEqual({ technicianId: "Not a field technician" });
  });

  it("moves only as the state machine allows, over every pair", async () => {
    /** A request brought to `status` through the API. */
    async function at(status: ServiceRequestStatus): Promise<ServiceRequest> {
      const r = await newRequest();
      if (status === "assigned" || status === "done") {
        await dispatcher.post(`/api/service-requests/${r.id}/assign`, { technicianId });
      }
      if (status === "done") await dispatcher.post(`/api/service-requests/${r.id}/done`, {});
      if (status === "cancelled")
        await dispatcher.post(`/api/service-requests/${r.id}/cancel`, { reason: "test" });
      return r;
    }
    const moveTo = (id: number, to: ServiceRequestStatus) =>
      to === "assigned"
        ? dispatcher.post(`/api/service-requests/${id}/assign`, { technicianId: secondTech })
        : to === "done"
          ? dispatcher.post(`/api/service-requests/${id}/done`, {})
          : to === "cancelled"
            ? dispatcher.post(`/api/service-requests/${id}/cancel`, { reason: "Farmer sold her" })
            : null;
    // A second technician, so that "assigned again" is a change of who goes.
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const invited = await director.post("/api/staff", {
      firstName: "Mary",
      lastName: "Njeri",
      email: `mary.${Date.now()}@urithi.co.ke`,
      role: "field_technician",
      phone: `07${String(Date.now()).slice(-8)}`,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const secondTech = invited.json().id as number;
    await t.database.tx((db) =>
      db.update(users).set({ passwordHash: "set" }).where(eq(users.id, secondTech)),
    );
    for (const from of serviceRequestStatuses) {
      for (const to of serviceRequestStatuses) {
        const r = await at(from);
        const res = moveTo(r.id, to);
        if (!res) continue; // nothing moves a request back to "requested"
        const answer = await res;
        const allowed = serviceRequestMoves[from].includes(to);
        expect(answer.statusCode, `${from} → ${to}: ${answer.body}`).toBe(allowed ? 200 : 409);
        const [row] = await t.database.read((db) =>
          db
            .select({ status: serviceRequests.status })
            .from(serviceRequests)
            .where(eq(serviceRequests.id, r.id)),
        );
        expect(row!.status).toBe(allowed ? to : from);
      }
    }
    // The farmer cancels their own, and not another's.
    const mine = await newRequest();
    const other = await newClientAccount(t.app);
    expect((await other.client.post(`/api/client/service-requests/${mine.id}/cancel`, {})).statusCode).toBe(
      404,
    );
    const cancelled = await farmer.client.post(`/api/client/service-requests/${mine.id}/cancel`, {});
    expect(cancelled.json()).toMatchObject({ status: "cancelled", cancelReason: "Cancelled by the farmer" });
  });

  it("alarms the dispatchers once about a request nobody assigned within 2 hours, from two instances at once", async () => {
    const waiting = await newRequest();
    const assigned = await newRequest();
    await dispatcher.post(`/api/service-requests/${assigned.id}/assign`, { technicianId });
    const alarms = async () =>
      (await sms("service_unassigned")).filter((m) => m.body.includes(waiting.cow.tag));
    t.clock.advance(119 * 60_000);
    await alarmUnassigned(t.ctx);
    expect(await alarms()).toHaveLength(0);
    t.clock.advance(2 * 60_000);
    const instance = await secondInstance(t);
    try {
      await Promise.all([alarmUnassigned(t.ctx), alarmUnassigned({ ...t.ctx, database: instance.database })]);
      await alarmUnassigned(t.ctx);
    } finally {
      await instance.close();
    }
    const sent = await alarms();
    const dispatchers = await t.database.read((db) =>
      db
        .select({ phone: users.phone })
        .from(users)
        .where(inArray(users.role, ["director", "chief_scientist", "lab_technician"])),
    );
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((m) => m.recipient)).size).toBe(sent.length);
    expect(sent.length).toBeLessThanOrEqual(dispatchers.length);
    expect(sent[0]!.body).toMatch(/^Urithi: AI for .+ in Nakuru, asked at \d\d:\d\d, has no technician\./);
    expect((await sms("service_unassigned")).some((m) => m.body.includes(assigned.cow.tag))).toBe(false);
    // Two hours on, the sessions have ended: the dispatcher signs in again.
    const again = asUser(t.app, await loginAs(t.app, staffEmails.chief_scientist));
    const board = (await again.get("/api/service-requests?status=requested")).json() as ServiceRequest[];
    expect(board.find((r) => r.id === waiting.id)!.overdue).toBe(true);
  });
});
