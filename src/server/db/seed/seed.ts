import { eq, sql } from "drizzle-orm";
import { expectedCalving, GESTATION_DAYS, technicians } from "../../../contract/breeding";
import { kesToUsd } from "../../../contract/money";
import type { OrderStatus } from "../../../contract/orders";
import { alertStatusFor } from "../../../contract/storage";
import { hashPassword } from "../../modules/auth/passwords";
import { incomeDescription } from "../../modules/finance/ledger";
import { nextOrderNumber } from "../../modules/orders/order-number";
import { nairobiDate, nairobiNoonAfter } from "../../time";
import type { Db } from "../adapter";
import * as t from "../schema";
import {
  demoClientFarm,
  demoStaffPhones,
  seedCustomers,
  seedInventory,
  seedItemRow,
  seedStorageUnits,
  seedVendors,
} from "./data";
import { DEMO_PASSWORD, demoAccounts } from "./demo-accounts";
import { seedGenetics } from "./genetics";
import { prng } from "./prng";
import { seedStore } from "./store";
import { seedTankHistory } from "./tanks";

const SEED_KEY = "demo_seed";
const DAY = 24 * 60 * 60 * 1000;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Seeds the demo data once; a database that already has it is left alone. Returns whether it seeded. */
export async function seedDemoData(db: Db, now: Date, options = { catalogue: true }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx.select().from(t.appMeta).where(eq(t.appMeta.key, SEED_KEY));
    if (done) return false;
    await insertDemoData(tx as unknown as Db, now, options.catalogue);
    await tx.insert(t.appMeta).values({ key: SEED_KEY, value: now.toISOString() });
    return true;
  });
}

async function insertDemoData(db: Db, now: Date, catalogue: boolean): Promise<void> {
  const rand = prng(20261121);
  /** Seeded events never lie in the future. */
  const past = (d: Date) => (d.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : d);
  const daysAgo = (n: number, hour = 10) => {
    const d = new Date(now.getTime() - n * DAY);
    d.setUTCHours(hour, rand.int(0, 59), 0, 0);
    return d.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : d;
  };

  // Storage units and a day of readings each.
  const units = await db
    .insert(t.storageUnits)
    .values(
      seedStorageUnits.map(({ ln2, ...u }) => ({
        ...u,
        capacityLitres: ln2?.capacityLitres,
        fullLevelCm: ln2?.fullLevelCm,
        alertStatus: alertStatusFor(u.unitType, u.temperature),
        lastUpdated: new Date(now.getTime() - 20 * 60_000),
      })),
    )
    .returning();
  const unitByName = new Map(units.map((u) => [u.name, u]));
  await db.insert(t.temperatureReadings).values(
    units.flatMap((u) =>
      [6, 4, 2, 0].map((h, i) => {
        const temperature =
          i === 3 ? u.temperature : u.temperature - (u.unitType === "refrigerated" ? 0.3 : 2) * (3 - i);
        return {
          storageUnitId: u.id,
          temperature,
          alertStatus: alertStatusFor(u.unitType, temperature),
          recordedAt: new Date(now.getTime() - h * 3600_000 - 20 * 60_000),
        };
      }),
    ),
  );

  await seedTankHistory(
    db,
    units.map((u) => ({ ...u, ln2: seedStorageUnits.find((s) => s.name === u.name)?.ln2 })),
    now,
  );

  // Staff and the demo client.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [clientCustomer] = await db
    .insert(t.customers)
    .values({ ...demoClientFarm, createdAt: daysAgo(demoClientFarm.joinedDaysAgo) })
    .returning();
  const userRows = await db
    .insert(t.users)
    .values(
      demoAccounts.map((a) => {
        const parts = a.name.split(" ");
        const lastName = parts.pop()!;
        return {
          email: a.email,
          passwordHash,
          role: a.role,
          firstName: parts.join(" "),
          lastName,
          isDemo: true,
          ...(a.role === "client"
            ? {
                farmName: demoClientFarm.name,
                phone: demoClientFarm.phone,
                farmType: "dairy",
                location: "Githunguri",
                county: "Nairobi",
                herdSize: "11-50",
                experience: "intermediate",
                interests: ["Dairy Cattle", "Artificial Insemination"],
                customerId: clientCustomer!.id,
              }
            : { phone: demoStaffPhones[a.email] ?? null }),
          // The Field Technician joined this season; his date draws nothing from the seeded sequence, so
          // the demo's orders and payments stay what they were before the role existed.
          createdAt: a.role === "field_technician" ? new Date(now.getTime() - 60 * DAY) : daysAgo(400),
        };
      }),
    )
    .returning();
  const director = userRows.find((u) => u.role === "director")!;
  const scientist = userRows.find((u) => u.role === "chief_scientist")!;
  const clientUser = userRows.find((u) => u.role === "client")!;

  const customerRows = await db
    .insert(t.customers)
    .values(
      seedCustomers.map(({ joinedDaysAgo, ...c }) => ({
        ...c,
        notes: c.notes ?? null,
        isActive: c.isActive ?? true,
        createdAt: daysAgo(joinedDaysAgo),
      })),
    )
    .returning();
  const buyers = [...customerRows.filter((c) => c.isActive), clientCustomer!];

  // Inventory: start from the received stock, then let the seeded orders move it.
  const stock = seedInventory.map((i) => ({ ...i, current: i.stock, reserved: 0 }));
  const orderable = stock.filter((i) => i.viabilityStatus === "viable" && i.stock >= 30);

  type Planned = {
    date: Date;
    status: OrderStatus;
    customer: (typeof buyers)[number];
    lines: { item: (typeof stock)[number]; quantity: number }[];
  };
  // The first three belong to the demo client, so its portal shows an order awaiting approval, one approved and one on its way.
  const forcedRecent: OrderStatus[] = ["pending", "approved", "shipped", "pending", "pending", "processing"];
  const planned: Planned[] = [];
  for (let i = 0; i < 54; i++) {
    const age = i < forcedRecent.length ? rand.int(0, 6) : rand.int(3, 360);
    let status: OrderStatus;
    if (i < forcedRecent.length) status = forcedRecent[i]!;
    else if (age > 30)
      status = rand.next() < 0.82 ? "delivered" : rand.next() < 0.5 ? "cancelled" : "rejected";
    else if (age > 12) status = rand.next() < 0.6 ? "delivered" : "shipped";
    else status = rand.pick(["pending", "approved", "processing", "shipped", "rejected"] as const);
    const customer = i < 3 ? clientCustomer! : rand.pick(buyers);
    const lineCount = rand.next() < 0.3 ? 2 : 1;
    const lines: Planned["lines"] = [];
    for (let l = 0; l < lineCount; l++) {
      const item = rand.pick(orderable);
      if (lines.some((x) => x.item === item)) continue;
      lines.push({ item, quantity: item.type === "embryo" ? rand.int(1, 3) : rand.int(5, 20) });
    }
    planned.push({ date: daysAgo(age, rand.int(7, 17)), status, customer, lines });
  }
  const firstPending = planned[0]!;
  planned.sort((a, b) => a.date.getTime() - b.date.getTime());

  const itemRows = await db
    .insert(t.inventoryItems)
    .values(stock.map((i) => seedItemRow(i, unitByName.get(i.unit)!.id, now, daysAgo(i.acquiredDaysAgo))))
    .returning();
  const rowByItemId = new Map(itemRows.map((r) => [r.itemId, r]));
  const movements: (typeof t.stockMovements.$inferInsert)[] = itemRows.map((r) => ({
    inventoryItemId: r.id,
    kind: "receipt" as const,
    stockDelta: r.currentStock,
    note: `Received from ${r.acquiredFrom}`,
    createdAt: r.createdAt,
  }));

  const transactionsToInsert: (typeof t.transactions.$inferInsert)[] = [];
  const shipmentsToInsert: (typeof t.shipments.$inferInsert)[] = [];
  const path: OrderStatus[] = ["pending", "approved", "processing", "shipped", "delivered"];

  for (const p of planned) {
    if (p.lines.length === 0) continue;
    const open = p.status === "pending" || p.status === "approved" || p.status === "processing";
    const sold = p.status === "shipped" || p.status === "delivered";
    for (const line of p.lines) {
      const available = line.item.current - line.item.reserved;
      line.quantity = Math.max(1, Math.min(line.quantity, available - 25));
      if (open) line.item.reserved += line.quantity;
      if (sold) line.item.current -= line.quantity;
    }
    const total = p.lines.reduce((s, l) => s + l.quantity * l.item.costPerUnit, 0);
    const types = new Set(p.lines.map((l) => l.item.type));
    const fromClient = p.customer.id === clientCustomer!.id;
    const orderNumber = await nextOrderNumber(db, p.date);
    const decided = p.status !== "pending";
    const decidedAt = past(new Date(p.date.getTime() + DAY));
    const promised = p.status === "rejected" || p.status === "cancelled" ? null : nairobiNoonAfter(p.date, 5);
    const [order] = await db
      .insert(t.orders)
      .values({
        orderNumber,
        source: fromClient ? "client" : "staff",
        customerId: p.customer.id,
        clientUserId: fromClient ? clientUser.id : null,
        customerName: fromClient ? `${clientUser.firstName} ${clientUser.lastName}` : p.customer.name,
        customerEmail: p.customer.email,
        customerPhone: p.customer.phone,
        customerLocation: p.customer.address,
        orderType: types.size > 1 ? "mixed" : [...types][0]!,
        status: p.status,
        totalAmountKes: total,
        totalAmountUsd: kesToUsd(total),
        currency: "KES",
        paymentMethod: fromClient ? rand.pick(["mpesa", "bank", "card"] as const) : null,
        deliveryAddress: p.customer.address,
        orderDate: p.date,
        expectedDeliveryDate: promised,
        // Approval confirmed the day (the dates model: requested, confirmed, moved, delivered).
        confirmedDeliveryDate: decided && promised ? nairobiDate(promised) : null,
        notes:
          p.status === "rejected"
            ? "Requested breed not suited to the farm's altitude; advised an Ayrshire alternative."
            : p.status === "cancelled"
              ? "Cancelled at the customer's request."
              : null,
        decidedBy: decided ? (rand.next() < 0.5 ? director.id : scientist.id) : null,
        decidedAt: decided ? decidedAt : null,
        createdBy: fromClient ? clientUser.id : director.id,
        createdAt: p.date,
        updatedAt: decided ? decidedAt : p.date,
      })
      .returning();
    await db.insert(t.orderLines).values(
      p.lines.map((l) => ({
        orderId: order!.id,
        inventoryItemId: rowByItemId.get(l.item.itemId)!.id,
        productName: `${l.item.breedName} ${l.item.type === "embryo" ? "Embryo" : "Semen"}`,
        breed: l.item.breedName,
        quantity: l.quantity,
        unitPriceKes: l.item.costPerUnit,
        lineTotalKes: l.quantity * l.item.costPerUnit,
      })),
    );

    const steps =
      p.status === "rejected" || p.status === "cancelled"
        ? (["pending", p.status] as OrderStatus[])
        : path.slice(0, path.indexOf(p.status) + 1);
    await db.insert(t.orderEvents).values(
      steps.map((to, i) => ({
        orderId: order!.id,
        fromStatus: i === 0 ? null : steps[i - 1]!,
        toStatus: to,
        actorUserId: i === 0 ? (fromClient ? clientUser.id : director.id) : director.id,
        createdAt: past(new Date(p.date.getTime() + i * DAY)),
      })),
    );

    for (const l of p.lines) {
      const itemRow = rowByItemId.get(l.item.itemId)!;
      if (open || sold)
        movements.push({
          inventoryItemId: itemRow.id,
          kind: sold ? "sale" : "reservation",
          stockDelta: sold ? -l.quantity : 0,
          reservedDelta: sold ? 0 : l.quantity,
          orderId: order!.id,
          note: orderNumber,
          createdAt: p.date,
        });
    }

    // Sold orders were paid; most approved ones too (the rest on credit); some pending ones are paid and
    // awaiting approval. Each payment writes its income, linked, as the ledger does.
    const paid =
      sold ||
      ((p.status === "approved" || p.status === "processing") && rand.next() < 0.7) ||
      (p.status === "pending" && (p === firstPending || rand.next() < 0.3));
    if (paid) {
      const method = order!.paymentMethod ?? (rand.next() < 0.6 ? "mpesa" : "bank");
      const paidAt = past(new Date(p.date.getTime() + 2 * 3600_000));
      const reference =
        method === "mpesa"
          ? `S${orderNumber.slice(-6)}${rand.int(1000, 9999)}`
          : `BANK-${orderNumber.slice(-6)}`;
      const [payment] = await db
        .insert(t.payments)
        .values({
          orderId: order!.id,
          method,
          amountKes: total,
          status: "paid",
          phone: method === "mpesa" ? "254712345678" : null,
          reference: method === "mpesa" ? null : reference,
          receipt: method === "mpesa" ? reference : null,
          paidAt,
          createdAt: paidAt,
          updatedAt: paidAt,
        })
        .returning();
      await db
        .update(t.orders)
        .set({ paymentStatus: "paid", amountPaidKes: total })
        .where(eq(t.orders.id, order!.id));
      transactionsToInsert.push({
        type: "income",
        amount: String(total),
        currency: "KES",
        description: incomeDescription(order!, method),
        reference,
        status: "completed",
        date: paidAt,
        orderId: order!.id,
        customerId: order!.customerId,
        paymentId: payment!.id,
      });
    } else if (p.status === "approved" || p.status === "processing") {
      await db.update(t.orders).set({ onCredit: true }).where(eq(t.orders.id, order!.id));
    } else if (p.status === "pending" && fromClient) {
      await db
        .update(t.orders)
        .set({ holdExpiresAt: new Date(now.getTime() + 72 * 3600_000) })
        .where(eq(t.orders.id, order!.id));
    }
    if (sold && now.getTime() - p.date.getTime() < 150 * DAY) {
      const shippedDate = past(new Date(p.date.getTime() + 3 * DAY));
      const delayed = p.status === "shipped" && shipmentsToInsert.every((s) => s.status !== "delayed");
      const deliveredAt = p.status === "delivered" ? past(new Date(shippedDate.getTime() + 2 * DAY)) : null;
      // The order keeps when it was received, as the shipment's delivery sets it.
      if (deliveredAt) await db.update(t.orders).set({ deliveredAt }).where(eq(t.orders.id, order!.id));
      shipmentsToInsert.push({
        trackingNumber: `TRK-${shippedDate.getTime()}`,
        orderId: order!.id,
        orderNumber,
        customerName: order!.customerName,
        origin: "Nakuru, Kenya",
        destination: p.customer.address,
        carrier: rand.pick(["DHL Express", "Local Courier", "FedEx", "UPS"] as const),
        temperature: "-196°C (Liquid Nitrogen)",
        specialInstructions: "Keep dewar upright; deliver to farm manager.",
        status: p.status === "delivered" ? "delivered" : delayed ? "delayed" : "in_transit",
        shippedDate,
        expectedDelivery: new Date(shippedDate.getTime() + 3 * DAY),
        deliveredAt,
        createdAt: shippedDate,
      });
    }
    if (p.status === "processing") {
      shipmentsToInsert.push({
        trackingNumber: `TRK-${now.getTime() - 3600_000}`,
        orderId: order!.id,
        orderNumber,
        customerName: order!.customerName,
        origin: "Nakuru, Kenya",
        destination: p.customer.address,
        carrier: "DHL Express",
        temperature: "-196°C (Liquid Nitrogen)",
        specialInstructions: null,
        status: "preparing",
        shippedDate: null,
        expectedDelivery: new Date(now.getTime() + 3 * DAY),
        createdAt: new Date(now.getTime() - 3600_000),
      });
    }
  }

  for (const item of stock) {
    const row = rowByItemId.get(item.itemId)!;
    await db
      .update(t.inventoryItems)
      .set({ currentStock: item.current, reservedStock: item.reserved })
      .where(eq(t.inventoryItems.id, row.id));
  }
  await db.insert(t.stockMovements).values(movements);

  // Running costs over the year, a USD import and a bank transfer.
  for (let month = 0; month < 12; month++) {
    const date = daysAgo(month * 30 + 5);
    transactionsToInsert.push(
      {
        type: "expense",
        amount: String(rand.int(38, 52) * 1000),
        currency: "KES",
        description: "Liquid nitrogen refill (BOC Kenya)",
        reference: `BOC-INV-${2400 + month}`,
        status: "completed",
        date,
        createdBy: director.id,
      },
      {
        type: "expense",
        amount: String(rand.int(15, 30) * 1000),
        currency: "KES",
        description: "AI consumables and synchronisation hormones",
        reference: null,
        status: "completed",
        date: past(new Date(date.getTime() + 4 * DAY)),
        createdBy: director.id,
      },
    );
  }
  transactionsToInsert.push(
    {
      type: "expense",
      amount: "18500.00",
      currency: "USD",
      description: "URUS Genetics embryo import (Girolando batch)",
      reference: "URUS-PO-7781",
      status: "completed",
      date: daysAgo(120),
      createdBy: director.id,
    },
    {
      type: "transfer",
      amount: "500000",
      currency: "KES",
      description: "Transfer to KCB operating reserve",
      reference: "KCB-TRF-0931",
      status: "completed",
      date: daysAgo(35),
      createdBy: director.id,
    },
    {
      type: "income",
      amount: "42000",
      currency: "KES",
      description: "Breeding consultation, Laikipia Boran Ranch",
      reference: "MPESA-QX81KL2",
      status: "failed",
      date: daysAgo(8),
      createdBy: director.id,
    },
  );
  await db.insert(t.transactions).values(transactionsToInsert);
  await db.insert(t.shipments).values(shipmentsToInsert);

  // Breeding records: services over ten months, outcomes by age.
  const animals = [
    ["KDF-014", "Wambui", "Holstein"],
    ["KDF-022", "Njeri", "Friesian"],
    ["RVB-103", "Chebet", "Ayrshire"],
    ["LBR-207", "Sankale", "Zebu"],
    ["KHD-031", "Chelangat", "Jersey"],
    ["MDC-008", "Mwende", "Sahiwal"],
    ["CCB-055", "Zawadi", "Zebu"],
    ["EGC-120", "Jepkoech", "Holstein"],
    ["KDF-041", "Nyokabi", "Holstein"],
    ["MWF-003", "Baraka", "Friesian"],
    ["LBR-219", "Naserian", "Sahiwal"],
    ["KHD-044", "Kipenzi", "Jersey"],
    ["RVB-118", "Tamu", "Ayrshire"],
    ["MWF-006", "Neema", "Holstein"],
    ["EGC-131", "Imani", "Friesian"],
    ["KDF-052", "Wanjiru", "Holstein"],
  ] as const;
  const materials = [
    "SEM-HF-101",
    "SEM-AY-102",
    "SEM-SA-103",
    "EMB-HF-001",
    "SEM-JE-106",
    "EMB-GI-005",
    "SEM-BO-104",
  ];
  await db.insert(t.breedingRecords).values(
    animals.map(([animalId, animalName, breedType], i) => {
      const age = Math.round(300 - i * 19 + rand.int(-5, 5));
      const serviceDate = daysAgo(Math.max(age, 1));
      const material = materials[i % materials.length]!;
      const serviceType = material.startsWith("EMB")
        ? ("ET" as const)
        : i % 7 === 6
          ? ("Natural" as const)
          : ("AI" as const);
      const status =
        age > GESTATION_DAYS
          ? rand.next() < 0.75
            ? ("calved" as const)
            : ("failed" as const)
          : age > 40
            ? rand.next() < 0.7
              ? ("pregnant" as const)
              : rand.pick(["open", "failed"] as const)
            : ("breeding" as const);
      return {
        animalId,
        animalName,
        breedType,
        serviceType,
        serviceDate: isoDate(serviceDate),
        technician: technicians[i % technicians.length]!,
        geneticMaterial: serviceType === "Natural" ? "Farm bull (Boran)" : material,
        inventoryItemId: serviceType === "Natural" ? null : rowByItemId.get(material)!.id,
        notes: status === "failed" ? "Returned to heat; re-service planned." : null,
        expectedCalvingDate: expectedCalving(isoDate(serviceDate), serviceType),
        // Diagnosed in calf five weeks after the service; calved on the day she was due.
        pregnantOn:
          status === "pregnant" || status === "calved"
            ? isoDate(new Date(serviceDate.getTime() + 35 * DAY))
            : null,
        calvedOn: status === "calved" ? expectedCalving(isoDate(serviceDate), serviceType) : null,
        status,
        success: status === "pregnant" || status === "calved",
        createdAt: serviceDate,
        updatedAt: serviceDate,
      };
    }),
  );

  await seedGenetics(db, now, catalogue, {
    items: seedInventory,
    rows: itemRows,
    unitId: (name) => unitByName.get(name)!.id,
    customerIds: buyers.map((b) => b.id),
  });
  await seedStore(db, units, now);
  // Each service used a straw of the batch its item had in store on that day (else its first batch), so
  // the Fertility report's batches have rates too.
  await db.execute(sql`
    update breeding_records r set batch_id = (
      select b.id from stock_batches b where b.inventory_item_id = r.inventory_item_id
      order by (b.received_at::date <= r.service_date) desc, b.received_at desc, b.id limit 1)
    where r.inventory_item_id is not null and r.batch_id is null`);

  // A demo KRA PIN, so tax invoices go to the eTIMS simulator from the first sale.
  await db
    .insert(t.businessSettings)
    .values({ id: 1, kraPin: "P051234567X" })
    .onConflictDoUpdate({ target: t.businessSettings.id, set: { kraPin: "P051234567X" } });

  await db.insert(t.vendors).values(
    seedVendors.map((v, i) => ({
      ...v,
      isActive: "isActive" in v ? v.isActive : true,
      createdAt: daysAgo(380 - i * 30),
    })),
  );

  // The store's LN2 vessels: two flasks for the technicians' motorbikes and a dry shipper for farm visits.
  await db.insert(t.flasks).values([
    { serial: "LN2-FL-01", kind: "flask", capacityStraws: 300, ln2CapacityKg: 3.6, createdAt: daysAgo(200) },
    { serial: "LN2-FL-02", kind: "flask", capacityStraws: 300, ln2CapacityKg: 3.6, createdAt: daysAgo(200) },
    {
      serial: "DS-03",
      kind: "dry_shipper",
      capacityStraws: 120,
      ln2CapacityKg: 1.8,
      createdAt: daysAgo(120),
    },
  ]);
}
