import { and, asc, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type BreedingClient,
  type BreedingEvent,
  type BreedingRecord,
  type BreedingStatus,
  type BreedingSummary,
  type breedingClientQuery,
  type breedingInputSchema,
  type breedingListQuery,
  type breedingStatusInputSchema,
  CALVING_MIN_DAYS,
  daysBetween,
  expectedCalving,
  farmBreeds,
  isSuccessStatus,
  PD_MIN_DAYS,
} from "../../../contract/breeding";
import { percentOf } from "../../../contract/dashboard";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { breedingRecordEvents, breedingRecords, customers, inventoryItems, users } from "../../db/schema";
import { conflict, notFound, validationError } from "../../errors";
import { sortBy } from "../../http/list-sort";
import { countMatching } from "../../http/list-total";
import { containsPattern } from "../../http/search";
import { nairobiDate } from "../../time";
import { batchOf } from "../inventory/batches";
import { consumeOneUnit } from "../inventory/stock";
import { stockChanged } from "../inventory/stock-version";
import { checkBatch } from "./batch-flags";

type Row = typeof breedingRecords.$inferSelect;

export function toBreedingRecord(row: Row): BreedingRecord {
  return {
    id: row.id,
    animalId: row.animalId,
    animalName: row.animalName,
    breedType: row.breedType,
    serviceType: row.serviceType,
    serviceDate: row.serviceDate,
    technician: row.technician,
    geneticMaterial: row.geneticMaterial,
    inventoryItemId: row.inventoryItemId,
    batchId: row.batchId,
    customerId: row.customerId,
    notes: row.notes,
    expectedCalvingDate: row.expectedCalvingDate,
    pregnantOn: row.pregnantOn,
    calvedOn: row.calvedOn,
    status: row.status,
    success: row.success,
    outcomeSource: row.outcomeSource,
  };
}

type BreedingQuery = z.output<typeof breedingListQuery>;

function breedingFilter(query: BreedingQuery, today: string): SQL | undefined {
  const pattern = query.search && containsPattern(query.search);
  return and(
    query.status ? eq(breedingRecords.status, query.status) : undefined,
    query.technician ? ilike(breedingRecords.technician, containsPattern(query.technician)) : undefined,
    query.customerId ? eq(breedingRecords.customerId, query.customerId) : undefined,
    query.duePd === "true"
      ? and(
          eq(breedingRecords.status, "breeding"),
          sql`${breedingRecords.serviceDate} <= ${today}::date - ${PD_MIN_DAYS}::int`,
        )
      : undefined,
    pattern
      ? or(
          ilike(breedingRecords.animalId, pattern),
          ilike(breedingRecords.animalName, pattern),
          ilike(breedingRecords.geneticMaterial, pattern),
          ilike(breedingRecords.technician, pattern),
        )
      : undefined,
  );
}

const breedingSortColumns = {
  serviceDate: breedingRecords.serviceDate,
  animalId: breedingRecords.animalId,
  expectedCalvingDate: breedingRecords.expectedCalvingDate,
};

export const countBreedingRecords = (ctx: AppContext, query: BreedingQuery) =>
  countMatching(ctx, breedingRecords, breedingFilter(query, nairobiDate(ctx.clock.now())), {
    search: Boolean(query.search || query.technician),
  });

export function listBreedingRecords(ctx: AppContext, query: BreedingQuery) {
  return ctx.database.read(async (db) => {
    const rows = await db
      .select()
      .from(breedingRecords)
      .where(breedingFilter(query, nairobiDate(ctx.clock.now())))
      .orderBy(...sortBy(breedingSortColumns, query, breedingRecords.id))
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(toBreedingRecord);
  });
}

/** Success rate: rounded percentage of records whose success flag is true; 0 with no records. */
export function breedingSummary(ctx: AppContext): Promise<BreedingSummary> {
  return ctx.database.read(async (db) => {
    const [r] = await db
      .select({
        total: count(),
        pregnant: sql<string>`count(*) filter (where ${breedingRecords.status} = 'pregnant')`,
        calved: sql<string>`count(*) filter (where ${breedingRecords.status} = 'calved')`,
        success: sql<string>`count(*) filter (where ${breedingRecords.success})`,
      })
      .from(breedingRecords);
    return {
      totalRecords: Number(r!.total),
      pregnant: Number(r!.pregnant),
      calved: Number(r!.calved),
      successRate: percentOf(Number(r!.success), Number(r!.total)),
    };
  });
}

/** A cow's breed is one the catalogue sells (any product, on sale or not) or a farm breed it sells none of. */
async function checkBreed(db: Db, breed: string): Promise<void> {
  if (farmBreeds.some((b) => b.toLowerCase() === breed.toLowerCase())) return;
  const [sold] = await db
    .select({ one: sql`1` })
    .from(inventoryItems)
    .where(sql`lower(${inventoryItems.breedName}) = lower(${breed})`)
    .limit(1);
  if (!sold) throw validationError(`Unknown breed: ${breed}`, { breedType: "Choose a breed from the list" });
}

/** Records a service: expected calving is computed here (service date + 280 days); material from stock uses one unit. */
export function createBreedingRecord(
  ctx: AppContext,
  input: z.output<typeof breedingInputSchema>,
  actorUserId: number,
): Promise<BreedingRecord> {
  const now = ctx.clock.now();
  if (input.serviceDate > nairobiDate(now)) {
    throw validationError("The service date cannot be in the future", {
      serviceDate: "The service date cannot be in the future",
    });
  }
  return ctx.database.tx(async (db) => {
    await checkBreed(db, input.breedType);
    if (input.customerId) {
      const [customer] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, input.customerId));
      if (!customer) throw validationError("Unknown customer", { customerId: "Choose an existing customer" });
    }
    if (input.inventoryItemId) {
      if (input.batchId) await batchOf(db, input.inventoryItemId, input.batchId);
      await consumeOneUnit(db, input.inventoryItemId, {
        actorUserId,
        now,
        note: `Used for ${input.animalId} (${input.serviceType})`,
        batchId: input.batchId ?? undefined,
      });
    }
    const [row] = await db
      .insert(breedingRecords)
      .values({
        animalId: input.animalId,
        animalName: input.animalName,
        breedType: input.breedType,
        serviceType: input.serviceType,
        serviceDate: input.serviceDate,
        technician: input.technician,
        geneticMaterial: input.geneticMaterial,
        inventoryItemId: input.inventoryItemId ?? null,
        batchId: input.batchId ?? null,
        customerId: input.customerId ?? null,
        notes: input.notes ?? null,
        expectedCalvingDate: expectedCalving(input.serviceDate, input.serviceType),
        status: "breeding",
        success: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toBreedingRecord(row!);
  });
}

/**
 * Checks an outcome's day against the service: none in the future, a diagnosis at least 30 days after the
 * service, a calving at least 220 days after it (an earlier birth is an abortion, not a calving).
 */
function checkOutcomeDate(
  record: { serviceDate: string },
  status: BreedingStatus,
  date: string,
  today: string,
) {
  const fail = (message: string) => validationError(message, { date: message });
  if (date > today) throw fail("The date cannot be in the future");
  if (date < record.serviceDate) throw fail("The date cannot be before the service");
  const days = daysBetween(record.serviceDate, date);
  if (status === "pregnant" && days < PD_MIN_DAYS) {
    throw fail(
      `A pregnancy diagnosis needs at least ${PD_MIN_DAYS} days after the service (this is ${days})`,
    );
  }
  if (status === "calved" && days < CALVING_MIN_DAYS) {
    throw fail(`A calving needs at least ${CALVING_MIN_DAYS} days after the service (this is ${days})`);
  }
}

/**
 * Any status; pregnant and calved mark the record a success and keep their day, checked against the
 * service. Calved is final unless corrected with a reason. Every change is written to the record's
 * history in the same transaction, with who made it.
 */
export function setBreedingStatus(
  ctx: AppContext,
  id: number,
  input: z.output<typeof breedingStatusInputSchema>,
  actorUserId: number,
): Promise<BreedingRecord> {
  const { status, date } = input;
  const reason = input.reason?.trim() || null;
  return ctx.database.tx(async (db) => {
    const [current] = await db.select().from(breedingRecords).where(eq(breedingRecords.id, id)).for("update");
    if (!current) throw notFound("Breeding record");
    if (current.status === "calved" && !reason) {
      throw conflict(
        `${current.animalName} (${current.animalId}) has calved; give a reason to correct the record`,
      );
    }
    if (date) checkOutcomeDate(current, status, date, nairobiDate(ctx.clock.now()));
    const dates =
      status === "pregnant"
        ? { pregnantOn: date, calvedOn: null }
        : status === "calved"
          ? { calvedOn: date, pregnantOn: current.pregnantOn }
          : { pregnantOn: null, calvedOn: null };
    const [row] = await db
      .update(breedingRecords)
      // Staff stand behind what they record: a farmer's report they set is confirmed from now on.
      .set({
        status,
        success: isSuccessStatus(status),
        ...dates,
        outcomeSource: "confirmed",
        updatedAt: ctx.clock.now(),
      })
      .where(eq(breedingRecords.id, id))
      .returning();
    await db.insert(breedingRecordEvents).values({
      recordId: id,
      fromStatus: current.status,
      toStatus: status,
      day: date ?? null,
      reason,
      actorUserId,
      createdAt: ctx.clock.now(),
    });
    // A diagnosis moves a bull's conception rate, which the catalogue shows beside his stock, and may show
    // his batch conceiving well below him.
    if (row!.inventoryItemId) stockChanged();
    if (row!.batchId && status !== "breeding") await checkBatch(db, row!.batchId, ctx.clock.now());
    return toBreedingRecord(row!);
  });
}

/**
 * Active customers by name, for the breeding form's "whose cow": the breeding roles may not read the
 * customer list (contacts, orders), so this answers names only.
 */
export function listBreedingClients(
  ctx: AppContext,
  query: z.output<typeof breedingClientQuery>,
): Promise<BreedingClient[]> {
  return ctx.database.read((db) =>
    db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(
        and(
          eq(customers.isActive, true),
          query.search ? ilike(customers.name, containsPattern(query.search)) : undefined,
        ),
      )
      .orderBy(...sortBy({ name: customers.name }, query, customers.id))
      .limit(query.limit)
      .offset(query.offset),
  );
}

/** A record's outcome changes, oldest first, with who made each. */
export function breedingHistory(ctx: AppContext, id: number): Promise<BreedingEvent[]> {
  return ctx.database.read(async (db) => {
    const [record] = await db
      .select({ id: breedingRecords.id })
      .from(breedingRecords)
      .where(eq(breedingRecords.id, id));
    if (!record) throw notFound("Breeding record");
    const rows = await db
      .select({ event: breedingRecordEvents, first: users.firstName, last: users.lastName })
      .from(breedingRecordEvents)
      .leftJoin(users, eq(users.id, breedingRecordEvents.actorUserId))
      .where(eq(breedingRecordEvents.recordId, id))
      .orderBy(asc(breedingRecordEvents.createdAt), asc(breedingRecordEvents.id));
    return rows.map(({ event: e, first, last }) => ({
      id: e.id,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      day: e.day,
      reason: e.reason,
      by: first ? `${first} ${last}` : null,
      at: e.createdAt.toISOString(),
    }));
  });
}
