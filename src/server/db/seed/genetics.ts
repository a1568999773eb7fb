import { expectedCalving, GESTATION_DAYS, technicians } from "../../../contract/breeding";
import { type GeneticsInput, geneticsSchema, type ToleranceLevel } from "../../../contract/genetics";
import { insertGenetics } from "../../modules/inventory/genetics";
import type { Db } from "../adapter";
import * as t from "../schema";
import { extraCatalogue, geneticsForSeedItem } from "./catalogue";
import { type SeedItem, seedItemRow } from "./data";
import { prng } from "./prng";
import { demoMotility, isoDay } from "./store";

const DAY = 24 * 60 * 60 * 1000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The level SPEC's free-text heat tolerance names (the same reading as migration 0023). */
function toleranceOf(text: string | undefined): ToleranceLevel | null {
  if (!text) return null;
  if (/^\s*(excellent|high|very good)/i.test(text)) return "high";
  if (/^\s*(good|moderate|medium|fair)/i.test(text)) return "moderate";
  if (/^\s*(low|poor)/i.test(text)) return "low";
  return null;
}

type ItemRow = typeof t.inventoryItems.$inferSelect;

/**
 * Genetics for the seeded items and, with `catalogue`, the rest of the demo catalogue (bulls and embryo lots
 * no seeded order uses) and a service history with outcomes, so the conception rates have something to show.
 */
export async function seedGenetics(
  db: Db,
  now: Date,
  catalogue: boolean,
  seeded: { items: SeedItem[]; rows: ItemRow[]; unitId: (name: string) => number; customerIds: number[] },
): Promise<void> {
  const r = prng(20261126);
  const typed = (id: number, genetics: GeneticsInput) => ({
    inventoryItemId: id,
    genetics: geneticsSchema.parse(genetics),
  });
  await insertGenetics(
    db,
    seeded.items.map((item) =>
      typed(seeded.rows.find((x) => x.itemId === item.itemId)!.id, {
        ...geneticsForSeedItem(r, item),
        heatTolerance: toleranceOf(item.geneticData.heat_tolerance),
      }),
    ),
  );

  if (!catalogue) return;
  const extra = extraCatalogue();
  const rows = await db
    .insert(t.inventoryItems)
    .values(
      extra.map(({ item: i }) =>
        seedItemRow(i, seeded.unitId(i.unit), now, new Date(now.getTime() - i.acquiredDaysAgo * DAY)),
      ),
    )
    .returning();
  await db.insert(t.stockMovements).values(
    rows.map((row) => ({
      inventoryItemId: row.id,
      kind: "receipt" as const,
      stockDelta: row.currentStock,
      note: `Received from ${row.acquiredFrom}`,
      createdAt: row.createdAt,
    })),
  );
  await insertGenetics(
    db,
    rows.map((row, i) => typed(row.id, extra[i]!.genetics)),
  );
  // Each catalogue item arrived as one batch, collected a month before it was received.
  await db.insert(t.stockBatches).values(
    rows.map((row) => ({
      inventoryItemId: row.id,
      code: "L1",
      collectedOn: isoDay(new Date(row.createdAt.getTime() - 30 * DAY)),
      expiryDate: row.expiryDate,
      motilityPct: demoMotility(row, 0),
      receivedAt: row.createdAt,
    })),
  );

  await seedServiceHistory(db, now, r, [...seeded.rows, ...rows], seeded.customerIds);
}

/**
 * Services on clients' farms over the last two years with our straws and embryos: a few bulls and lots
 * with enough outcomes for a measured conception rate, some below the minimum.
 */
async function seedServiceHistory(
  db: Db,
  now: Date,
  r: ReturnType<typeof prng>,
  items: ItemRow[],
  customerIds: number[],
): Promise<void> {
  const used = items.filter((i) => i.viabilityStatus === "viable").filter((_, i) => i % 3 === 0);
  const cows = [
    "Neema",
    "Wanjiru",
    "Zawadi",
    "Amani",
    "Rehema",
    "Pendo",
    "Malkia",
    "Nyota",
    "Lulu",
    "Waridi",
  ];
  const breeds = ["Holstein", "Friesian", "Jersey", "Ayrshire", "Zebu", "Sahiwal"] as const;
  const records: (typeof t.breedingRecords.$inferInsert)[] = [];
  for (const [n, item] of used.entries()) {
    const services = n % 4 === 3 ? r.int(6, 14) : r.int(22, 48);
    const embryo = item.type === "embryo";
    // A bull's true rate; sexed semen conceives a little less often.
    const chance =
      (embryo ? 0.42 : 0.5) + r.next() * 0.18 - (item.description?.startsWith("Sexed") ? 0.07 : 0);
    for (let s = 0; s < services; s++) {
      const age = r.int(3, 700);
      const serviceDate = new Date(now.getTime() - age * DAY);
      const conceived = r.next() < chance;
      const status =
        age < 45
          ? ("breeding" as const)
          : conceived
            ? age > GESTATION_DAYS
              ? ("calved" as const)
              : ("pregnant" as const)
            : r.pick(["failed", "open"] as const);
      const cow = r.pick(cows);
      records.push({
        animalId: `KE-${String(10_000 + records.length * 37).slice(-5)}`,
        animalName: `${cow} ${r.int(1, 30)}`,
        breedType: r.pick(breeds),
        serviceType: embryo ? "ET" : "AI",
        serviceDate: isoDate(serviceDate),
        technician: r.pick(technicians),
        geneticMaterial: item.itemId,
        inventoryItemId: item.id,
        customerId: r.pick(customerIds),
        notes: null,
        expectedCalvingDate: expectedCalving(isoDate(serviceDate), embryo ? "ET" : "AI"),
        // Diagnosed in calf five weeks after the service; calved on the day she was due.
        pregnantOn:
          status === "pregnant" || status === "calved"
            ? isoDate(new Date(serviceDate.getTime() + 35 * DAY))
            : null,
        calvedOn: status === "calved" ? expectedCalving(isoDate(serviceDate), embryo ? "ET" : "AI") : null,
        status,
        success: status === "pregnant" || status === "calved",
        createdAt: serviceDate,
        updatedAt: serviceDate,
      });
    }
  }
  await db.insert(t.breedingRecords).values(records);
}
