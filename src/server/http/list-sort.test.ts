import { beforeAll, describe, expect, it } from "vitest";
import { enqueueMessage } from "../modules/notifications/outbox";
import { t, withTestApp } from "../testing/app-session";
import { asUser, loginAs, staffEmails } from "../testing/test-app";
import { nairobiDate } from "../time";

withTestApp();
let director: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
});

/** Every staff list, with one field it declares. */
const lists: [path: string, field: string][] = [
  ["/api/orders", "totalAmountKes"],
  ["/api/orders/pending", "orderDate"],
  ["/api/customers", "name"],
  ["/api/vendors", "rating"],
  ["/api/transactions", "amount"],
  ["/api/shipments", "expectedDelivery"],
  ["/api/messages", "status"],
  ["/api/breeding-records", "expectedCalvingDate"],
  ["/api/breeding/clients", "name"],
  ["/api/inventory", "currentStock"],
  ["/api/storage/alerts", "raisedAt"],
  ["/api/storage/tanks", "name"],
  ["/api/storage/conditions", "name"],
  ["/api/storage/map", "name"],
  ["/api/storage/transfers", "createdAt"],
  ["/api/backups", "startedAt"],
  ["/api/etims/documents", "totalKes"],
];

const join = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

async function rows<T>(path: string): Promise<T[]> {
  const res = await director.get(path);
  expect(res.statusCode, path).toBe(200);
  return res.json();
}

/** Each value is at least the one before (asc) or at most (desc). */
function inOrder(values: (string | number | null)[], order: "asc" | "desc") {
  const known = values.filter((v) => v !== null) as (string | number)[];
  for (let i = 1; i < known.length; i++) {
    if (order === "asc") expect(known[i]! >= known[i - 1]!, `${known[i - 1]} then ${known[i]}`).toBe(true);
    else expect(known[i]! <= known[i - 1]!, `${known[i - 1]} then ${known[i]}`).toBe(true);
  }
}

describe("list sorting", () => {
  it("answers 400 for a field a list does not declare, or an unknown order, and 200 for a declared one", async () => {
    for (const [path, field] of lists) {
      const unknown = await director.get(join(path, "sort=password"));
      expect(unknown.statusCode, path).toBe(400);
      expect(unknown.json().error.code).toBe("VALIDATION_ERROR");
      expect((await director.get(join(path, `sort=${field}&order=sideways`))).statusCode, path).toBe(400);
      for (const order of ["asc", "desc"]) {
        expect((await director.get(join(path, `sort=${field}&order=${order}`))).statusCode, path).toBe(200);
      }
    }
  });

  it("orders rows by the declared field in either direction, with pages that never overlap", async () => {
    for (const order of ["asc", "desc"] as const) {
      const orders = await rows<{ totalAmountKes: number }>(
        `/api/orders?sort=totalAmountKes&order=${order}&limit=40`,
      );
      expect(orders.length).toBeGreaterThan(10);
      inOrder(
        orders.map((o) => o.totalAmountKes),
        order,
      );
      const stock = await rows<{ currentStock: number }>(`/api/inventory?sort=currentStock&order=${order}`);
      inOrder(
        stock.map((i) => i.currentStock),
        order,
      );
      const services = await rows<{ serviceDate: string }>(
        `/api/breeding-records?sort=serviceDate&order=${order}`,
      );
      inOrder(
        services.map((s) => s.serviceDate),
        order,
      );
    }
    // Equal totals are broken by id, so two pages together hold each order once.
    const first = await rows<{ id: number }>("/api/orders?sort=totalAmountKes&order=asc&limit=15");
    const second = await rows<{ id: number }>("/api/orders?sort=totalAmountKes&order=asc&limit=15&offset=15");
    const both = await rows<{ id: number }>("/api/orders?sort=totalAmountKes&order=asc&limit=30");
    expect([...first, ...second].map((o) => o.id)).toEqual(both.map((o) => o.id));
  });

  it("reverses exactly between asc and desc on a text field", async () => {
    const asc = await rows<{ id: number }>("/api/vendors?sort=name&order=asc&limit=500");
    const desc = await rows<{ id: number }>("/api/vendors?sort=name&order=desc&limit=500");
    expect(asc.length).toBeGreaterThan(2);
    expect(desc.map((v) => v.id)).toEqual(asc.map((v) => v.id).reverse());
  });
});

describe("list search and filters", () => {
  it("finds vendors, transactions, shipments and messages by their words", async () => {
    const [vendor] = await rows<{ name: string }>("/api/vendors?limit=1");
    const word = vendor!.name.split(" ")[0]!;
    const vendors = await rows<{ name: string; contactPerson: string }>(
      `/api/vendors?search=${encodeURIComponent(word)}`,
    );
    expect(vendors.length).toBeGreaterThan(0);
    expect(
      vendors.every((v) => `${v.name} ${v.contactPerson}`.toLowerCase().includes(word.toLowerCase())),
    ).toBe(true);
    expect(await rows("/api/vendors?search=zzz-no-such-vendor")).toEqual([]);

    const refunds = await rows<{ type: string }>("/api/transactions?type=expense");
    expect(refunds.length).toBeGreaterThan(0);
    expect(refunds.every((r) => r.type === "expense")).toBe(true);
    const [tx] = await rows<{ description: string }>("/api/transactions?limit=1");
    const found = await rows<{ description: string }>(
      `/api/transactions?search=${encodeURIComponent(tx!.description.slice(0, 12))}`,
    );
    expect(found.map((f) => f.description)).toContain(tx!.description);

    const [shipment] = await rows<{ trackingNumber: string }>("/api/shipments?limit=1");
    const shipped = await rows<{ trackingNumber: string }>(
      `/api/shipments?search=${shipment!.trackingNumber}`,
    );
    expect(shipped.map((s) => s.trackingNumber)).toEqual([shipment!.trackingNumber]);

    await t.database.tx((db) =>
      enqueueMessage(db, {
        kind: "order_received",
        reader: {
          name: "Sorted",
          phone: "+254700111222",
          email: null,
          language: "en",
          notifyBy: "sms",
          userId: null,
        },
        facts: { orderNumber: "ORD-SORT-1" },
        now: t.clock.now(),
      }),
    );
    const [message] = await rows<{ recipient: string }>("/api/messages?limit=1");
    const sent = await rows<{ recipient: string }>(
      `/api/messages?search=${encodeURIComponent(message!.recipient)}`,
    );
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.recipient === message!.recipient)).toBe(true);
  });

  it("filters breeding records by technician, farm, words and PD due", async () => {
    const [client] = await rows<{ id: number; name: string }>("/api/breeding/clients?limit=1");
    const base = {
      animalId: "SORT-001",
      animalName: "Nyokabi",
      breedType: "Holstein",
      serviceType: "AI",
      technician: "Dr. Sorted Filters",
      geneticMaterial: "SEM-HF-101",
      customerId: client!.id,
    };
    // Nairobi's days, as the server counts them (UTC's date is a day behind from 21:00 UTC).
    const today = new Date();
    const daysAgo = (n: number) => nairobiDate(new Date(today.getTime() - n * 86_400_000));
    const due = (await director.post("/api/breeding-records", { ...base, serviceDate: daysAgo(45) })).json();
    const early = (
      await director.post("/api/breeding-records", {
        ...base,
        animalId: "SORT-002",
        serviceDate: daysAgo(10),
      })
    ).json();

    const byTechnician = await rows<{ id: number }>("/api/breeding-records?technician=sorted%20filters");
    expect(byTechnician.map((r) => r.id).sort()).toEqual([due.id, early.id].sort());
    const byWords = await rows<{ id: number }>("/api/breeding-records?search=SORT-002");
    expect(byWords.map((r) => r.id)).toEqual([early.id]);
    const byFarm = await rows<{ customerId: number }>(
      `/api/breeding-records?customerId=${client!.id}&limit=500`,
    );
    expect(byFarm.every((r) => r.customerId === client!.id)).toBe(true);
    const duePd = await rows<{ id: number; status: string; serviceDate: string }>(
      "/api/breeding-records?duePd=true&technician=sorted%20filters",
    );
    expect(duePd.map((r) => r.id)).toEqual([due.id]);
    const allDue = await rows<{ status: string; serviceDate: string }>(
      "/api/breeding-records?duePd=true&limit=500",
    );
    expect(allDue.every((r) => r.status === "breeding" && r.serviceDate <= daysAgo(30))).toBe(true);
  });
});
