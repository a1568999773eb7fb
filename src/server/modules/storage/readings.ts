import { and, desc, eq, isNull, ne, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { LevelReading, readingListQuery, TemperatureReading } from "../../../contract/tanks";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { levelReadings, storageUnits, temperatureReadings, users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { sortBy } from "../../http/list-sort";
import { syncTemperatureAlert } from "./service";
import { lockTank, syncTankAlerts } from "./tanks";

/**
 * A unit's readings, newest first, voided ones included (struck through on the screen), and voiding a
 * wrong one: it stops counting toward the unit's temperature, level and forecast, and its alerts follow
 * what is left. Voiding never resolves an alert: only a person's acknowledgement does.
 */

const recorder = alias(users, "recorder");
const voider = alias(users, "voider");
const nameOf = (u: { firstName: string | null; lastName: string | null } | null) =>
  u?.firstName ? `${u.firstName} ${u.lastName ?? ""}`.trim() : null;

type Names = { recorder: typeof recorder.$inferSelect | null; voider: typeof voider.$inferSelect | null };
const withNames = <T extends { recordedAt: Date; voidedAt: Date | null; voidReason: string | null }>(
  row: T,
  names: Names,
) => ({
  recordedAt: row.recordedAt.toISOString(),
  recordedBy: nameOf(names.recorder),
  voidedAt: row.voidedAt?.toISOString() ?? null,
  voidedBy: nameOf(names.voider),
  voidReason: row.voidReason,
});

type Sort = Pick<z.output<typeof readingListQuery>, "sort" | "order">;
const newestFirst: Sort = { sort: "recordedAt", order: "desc" };

function selectTemperatures(db: Db, where: SQL, sort = newestFirst) {
  return db
    .select({ reading: temperatureReadings, recorder, voider })
    .from(temperatureReadings)
    .leftJoin(recorder, eq(recorder.id, temperatureReadings.recordedBy))
    .leftJoin(voider, eq(voider.id, temperatureReadings.voidedBy))
    .where(where)
    .orderBy(...sortBy({ recordedAt: temperatureReadings.recordedAt }, sort, temperatureReadings.id))
    .$dynamic();
}

function selectLevels(db: Db, where: SQL, sort = newestFirst) {
  return db
    .select({ reading: levelReadings, recorder, voider })
    .from(levelReadings)
    .leftJoin(recorder, eq(recorder.id, levelReadings.recordedBy))
    .leftJoin(voider, eq(voider.id, levelReadings.voidedBy))
    .where(where)
    .orderBy(...sortBy({ recordedAt: levelReadings.recordedAt }, sort, levelReadings.id))
    .$dynamic();
}

const toTemperature = ({
  reading: r,
  ...names
}: { reading: typeof temperatureReadings.$inferSelect } & Names) =>
  ({
    id: r.id,
    storageUnitId: r.storageUnitId,
    temperature: r.temperature,
    alertStatus: r.alertStatus,
    ...withNames(r, names),
  }) satisfies TemperatureReading;

const toLevel = ({ reading: r, ...names }: { reading: typeof levelReadings.$inferSelect } & Names) =>
  ({
    id: r.id,
    storageUnitId: r.storageUnitId,
    method: r.method,
    unit: r.unit,
    value: r.value,
    levelPct: r.levelPct,
    ...withNames(r, names),
  }) satisfies LevelReading;

export function listTemperatureReadings(
  ctx: AppContext,
  query: z.output<typeof readingListQuery>,
): Promise<TemperatureReading[]> {
  return ctx.database.read(async (db) =>
    (
      await selectTemperatures(db, eq(temperatureReadings.storageUnitId, query.storageUnitId), query)
        .limit(query.limit)
        .offset(query.offset)
    ).map(toTemperature),
  );
}

export function listLevelReadings(
  ctx: AppContext,
  query: z.output<typeof readingListQuery>,
): Promise<LevelReading[]> {
  return ctx.database.read(async (db) =>
    (
      await selectLevels(db, eq(levelReadings.storageUnitId, query.storageUnitId), query)
        .limit(query.limit)
        .offset(query.offset)
    ).map(toLevel),
  );
}

/** Voids a temperature reading: the unit takes the temperature of its latest reading that still counts. */
export function voidTemperatureReading(
  ctx: AppContext,
  id: number,
  reason: string,
  actorUserId: number,
): Promise<TemperatureReading> {
  return ctx.database.tx(async (db) => {
    const now = ctx.clock.now();
    const [reading] = await db.select().from(temperatureReadings).where(eq(temperatureReadings.id, id));
    if (!reading) throw notFound("Reading");
    const [unit] = await db
      .select()
      .from(storageUnits)
      .where(eq(storageUnits.id, reading.storageUnitId))
      .for("update");
    if (reading.voidedAt) throw conflict("This reading has already been voided");
    const [latest] = await db
      .select()
      .from(temperatureReadings)
      .where(
        and(
          eq(temperatureReadings.storageUnitId, unit!.id),
          isNull(temperatureReadings.voidedAt),
          ne(temperatureReadings.id, id),
        ),
      )
      .orderBy(desc(temperatureReadings.recordedAt), desc(temperatureReadings.id))
      .limit(1);
    if (!latest) {
      throw conflict(
        `This is ${unit!.name}'s only reading; record the right temperature first, then void it`,
      );
    }
    await db
      .update(temperatureReadings)
      .set({ voidedAt: now, voidedBy: actorUserId, voidReason: reason })
      .where(eq(temperatureReadings.id, id));
    await db
      .update(storageUnits)
      .set({ temperature: latest.temperature, alertStatus: latest.alertStatus })
      .where(eq(storageUnits.id, unit!.id));
    await syncTemperatureAlert(
      db,
      { id: unit!.id, name: unit!.name, temperature: latest.temperature, alertStatus: latest.alertStatus },
      now,
    );
    return toTemperature((await selectTemperatures(db, eq(temperatureReadings.id, id)))[0]!);
  });
}

/** Voids a level reading: the tank's level, forecast and alerts follow the readings that still count. */
export function voidLevelReading(
  ctx: AppContext,
  id: number,
  reason: string,
  actorUserId: number,
): Promise<LevelReading> {
  return ctx.database.tx(async (db) => {
    const now = ctx.clock.now();
    const [reading] = await db.select().from(levelReadings).where(eq(levelReadings.id, id));
    if (!reading) throw notFound("Reading");
    await lockTank(db, reading.storageUnitId);
    const [voided] = await db
      .update(levelReadings)
      .set({ voidedAt: now, voidedBy: actorUserId, voidReason: reason })
      .where(and(eq(levelReadings.id, id), isNull(levelReadings.voidedAt)))
      .returning({ id: levelReadings.id });
    if (!voided) throw conflict("This reading has already been voided");
    await syncTankAlerts(db, reading.storageUnitId, now);
    return toLevel((await selectLevels(db, eq(levelReadings.id, id)))[0]!);
  });
}
