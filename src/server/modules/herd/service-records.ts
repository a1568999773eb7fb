import { and, desc, eq, lte } from "drizzle-orm";
import { expectedCalving, isSuccessStatus } from "../../../contract/breeding";
import { herdRules } from "../../../contract/herd-rules";
import type { Db } from "../../db/adapter";
import { breedingRecordEvents, breedingRecords, cowEvents } from "../../db/schema";
import { checkBatch } from "../breeding/batch-flags";
import { stockChanged } from "../inventory/stock-version";
import { dayPlus } from "./calendar";
import type { CowRow } from "./cows";

type EventRow = typeof cowEvents.$inferSelect;
type EventSource = EventRow["source"];

/** What a farmer's insemination used, when it was a straw bought here. */
export interface StrawUsed {
  inventoryItemId: number;
  productName: string;
  batchId: number | null;
  customerId: number | null;
}

/**
 * A farmer's insemination with a straw bought here becomes a service record like the ones staff keep, so
 * the outcome the farmer (or a technician) later records is measured against the bull and his batch.
 */
export async function recordService(db: Db, cow: CowRow, event: EventRow, straw: StrawUsed) {
  await db.insert(breedingRecords).values({
    animalId: cow.tag,
    animalName: cow.name ?? cow.tag,
    breedType: cow.breed,
    serviceType: "AI",
    serviceDate: event.date,
    technician: event.technician ?? (event.source === "technician" ? "Technician" : "Not named"),
    geneticMaterial: straw.productName,
    inventoryItemId: straw.inventoryItemId,
    batchId: straw.batchId,
    customerId: straw.customerId,
    notes: event.source === "technician" ? "Recorded in the field" : "Recorded by the farmer",
    expectedCalvingDate: expectedCalving(event.date, "AI"),
    status: "breeding",
    success: false,
    outcomeSource: event.source === "technician" ? "confirmed" : "farmer",
    cowEventId: event.id,
    createdAt: event.createdAt,
    updatedAt: event.createdAt,
  });
}

const sourceWords: Record<EventSource, string> = {
  farmer: "Reported by the farmer",
  sms: "Reported by the farmer by SMS",
  technician: "Confirmed by the technician",
};

/**
 * A PD or a calving on the cow reaches the service record of the insemination it answers (her last one on or
 * before a PD, or 220 days before a calving), with who stands behind it. A farmer's report never replaces a
 * confirmed outcome; a technician's confirms whatever the farmer said. A confirmed outcome may flag the batch.
 */
export async function recordOutcome(db: Db, cow: CowRow, event: EventRow, actorId: number | null) {
  const byFarmer = event.source !== "technician";
  const serviceBy = event.type === "calving" ? dayPlus(event.date, -herdRules.calvingAfterDays) : event.date;
  const [service] = await db
    .select({ record: breedingRecords })
    .from(cowEvents)
    .innerJoin(breedingRecords, eq(breedingRecords.cowEventId, cowEvents.id))
    .where(
      and(eq(cowEvents.cowId, cow.id), eq(cowEvents.type, "insemination"), lte(cowEvents.date, serviceBy)),
    )
    .orderBy(desc(cowEvents.date), desc(cowEvents.id))
    .limit(1)
    .for("update", { of: breedingRecords });
  if (!service) return;
  const current = service.record;
  const confirmedAlready = current.outcomeSource === "confirmed" && current.status !== "breeding";
  if (byFarmer && confirmedAlready && event.type === "pd") return;
  const status =
    event.type === "calving" ? "calved" : event.pdResult === "pregnant" ? "pregnant" : ("open" as const);
  if (event.type === "pd" && current.status === "calved") return;
  const outcomeSource = byFarmer && !confirmedAlready ? "farmer" : "confirmed";
  const [row] = await db
    .update(breedingRecords)
    .set({
      status,
      success: isSuccessStatus(status),
      outcomeSource,
      pregnantOn: status === "pregnant" ? event.date : status === "calved" ? current.pregnantOn : null,
      calvedOn: status === "calved" ? event.date : null,
      updatedAt: event.createdAt,
    })
    .where(eq(breedingRecords.id, current.id))
    .returning();
  await db.insert(breedingRecordEvents).values({
    recordId: current.id,
    fromStatus: current.status,
    toStatus: status,
    day: event.date,
    reason: sourceWords[event.source],
    actorUserId: actorId,
    createdAt: event.createdAt,
  });
  stockChanged();
  if (row!.outcomeSource === "confirmed" && row!.batchId) await checkBatch(db, row!.batchId, event.createdAt);
}
