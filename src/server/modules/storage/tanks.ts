import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  LEVEL_RISE_WITHOUT_REFILL_PCT,
  type LevelReadingInput,
  type RefillInput,
  type Tank,
  type tankInputSchema,
} from "../../../contract/tanks";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { levelReadings, refills, storageAlerts, storageUnits } from "../../db/schema";
import { AppError, conflict, notFound, unprocessable, validationError } from "../../errors";
import { DAY_MS, nairobiDate } from "../../time";
import { syncAlert } from "./alerts";
import {
  forecastLevel,
  type LevelForecast,
  type LevelPoint,
  levelPercent,
  levelSeverity,
  refillSeverity,
} from "./forecast";
import { levelAlertMessage, refillAlertMessage } from "./messages";
import { applyTemperature, selectUnitsWithStock, type UnitPage } from "./service";

/** Readings older than this never feed a forecast, however long ago the last refill was. */
const FORECAST_WINDOW_DAYS = 60;

type Unit = typeof storageUnits.$inferSelect;

/** Every storage unit with its level, forecast and the stock it holds, by name. */
export function listTanks(ctx: AppContext, page: UnitPage): Promise<Tank[]> {
  return ctx.database.read(async (db) => (await loadTanks(db, ctx.clock.now(), page)).map((s) => s.tank));
}

interface TankState {
  tank: Tank;
  forecast: LevelForecast;
}

async function loadTanks(db: Db, now: Date, page: UnitPage & { ids?: number[] }): Promise<TankState[]> {
  const rows = await selectUnitsWithStock(
    db,
    page.ids ? inArray(storageUnits.id, page.ids) : undefined,
    page,
  );
  const ids = rows.map((r) => r.unit.id);
  if (ids.length === 0) return [];
  const lastRefills = await db
    .selectDistinctOn([refills.storageUnitId])
    .from(refills)
    .where(inArray(refills.storageUnitId, ids))
    .orderBy(refills.storageUnitId, desc(refills.refilledAt));
  const refillOf = new Map(lastRefills.map((r) => [r.storageUnitId, r]));
  const levels = await db
    .select({
      unitId: levelReadings.storageUnitId,
      pct: levelReadings.levelPct,
      at: levelReadings.recordedAt,
    })
    .from(levelReadings)
    .where(
      and(
        inArray(levelReadings.storageUnitId, ids),
        isNull(levelReadings.voidedAt),
        sql`${levelReadings.recordedAt} >= ${new Date(now.getTime() - FORECAST_WINDOW_DAYS * DAY_MS)}`,
      ),
    )
    .orderBy(asc(levelReadings.recordedAt), asc(levelReadings.id));
  return rows.map(({ unit, samples, valueKes }) => {
    const refill = refillOf.get(unit.id);
    const since = refill?.refilledAt.getTime() ?? 0;
    const points = levels.filter((l) => l.unitId === unit.id && l.at.getTime() >= since);
    const forecast = forecastLevel(points, unit.minSafeLevelPct, now);
    return { tank: toTank(unit, points, refill, forecast, { samples, atRisk: Number(valueKes) }), forecast };
  });
}

function toTank(
  unit: Unit,
  points: LevelPoint[],
  refill: typeof refills.$inferSelect | undefined,
  forecast: LevelForecast,
  stock: { samples: number; atRisk: number },
): Tank {
  const last = points.at(-1);
  const day = (d: Date | null) => (d ? nairobiDate(d) : null);
  return {
    id: unit.id,
    name: unit.name,
    unitType: unit.unitType,
    location: unit.location,
    temperature: unit.temperature,
    alertStatus: unit.alertStatus,
    lastUpdated: unit.lastUpdated.toISOString(),
    capacityLitres: unit.capacityLitres,
    fullLevelCm: unit.fullLevelCm,
    minSafeLevelPct: unit.minSafeLevelPct,
    level: last ? { pct: last.pct, recordedAt: last.at.toISOString() } : null,
    evaporationPctPerDay: forecast.ratePctPerDay,
    minSafeOn: day(forecast.minSafeAt),
    nextRefillOn: day(forecast.refillBy),
    refillOverdue: forecast.refillOverdue,
    lastRefill: refill
      ? { at: refill.refilledAt.toISOString(), litres: refill.litres, supplier: refill.supplier }
      : null,
    samples: stock.samples,
    stockAtRiskKes: stock.atRisk,
  };
}

export async function lockTank(db: Db, storageUnitId: number): Promise<Unit> {
  const [unit] = await db.select().from(storageUnits).where(eq(storageUnits.id, storageUnitId)).for("update");
  if (!unit) throw notFound("Storage unit");
  if (unit.unitType !== "liquid_nitrogen") throw unprocessable(`${unit.name} holds no liquid nitrogen`);
  return unit;
}

async function loadTank(db: Db, unitId: number, now: Date): Promise<TankState> {
  const [state] = await loadTanks(db, now, { ids: [unitId], limit: 1, offset: 0 });
  return state!;
}

/** The refill alert a tank's forecast calls for now: the clock alone can change it. */
function syncRefillAlert(db: Db, { tank, forecast }: TankState, now: Date): Promise<void> {
  return syncAlert(db, {
    storageUnitId: tank.id,
    kind: "refill_overdue",
    severity: refillSeverity(forecast, now),
    message: refillAlertMessage(tank.name, forecast.refillBy, forecast.minSafeAt),
    now,
  });
}

/** Raises, updates or resolves the tank's level and refill alerts from its current forecast. */
export async function syncTankAlerts(db: Db, unitId: number, now: Date): Promise<Tank> {
  const state = await loadTank(db, unitId, now);
  const t = state.tank;
  if (t.level) {
    await syncAlert(db, {
      storageUnitId: t.id,
      kind: "ln2_level",
      severity: levelSeverity(t.level.pct, t.minSafeLevelPct),
      message: levelAlertMessage(t.name, t.level.pct, t.minSafeLevelPct),
      now,
    });
  }
  await syncRefillAlert(db, state, now);
  return t;
}

/** Adds a unit; its first temperature is its first reading, and its alert follows from it. */
export function createTank(ctx: AppContext, input: z.output<typeof tankInputSchema>, actorUserId: number) {
  return ctx.database.tx(async (db) => {
    const now = ctx.clock.now();
    const [unit] = await db
      .insert(storageUnits)
      .values({ ...input, lastUpdated: now })
      .onConflictDoNothing({ target: storageUnits.name })
      .returning();
    if (!unit) throw conflict(`A storage unit named ${input.name} already exists`);
    await applyTemperature(db, unit, input.temperature, actorUserId, now);
    return (await loadTank(db, unit.id, now)).tank;
  });
}

/** The last level counted since the tank's last refill, if any. */
async function lastLevel(db: Db, unitId: number): Promise<{ pct: number; at: Date } | null> {
  const [refill] = await db
    .select({ at: refills.refilledAt })
    .from(refills)
    .where(eq(refills.storageUnitId, unitId))
    .orderBy(desc(refills.refilledAt))
    .limit(1);
  const [level] = await db
    .select({ pct: levelReadings.levelPct, at: levelReadings.recordedAt })
    .from(levelReadings)
    .where(
      and(
        eq(levelReadings.storageUnitId, unitId),
        isNull(levelReadings.voidedAt),
        refill ? sql`${levelReadings.recordedAt} >= ${refill.at}` : undefined,
      ),
    )
    .orderBy(desc(levelReadings.recordedAt), desc(levelReadings.id))
    .limit(1);
  return level ?? null;
}

/** The tank's level now: its last reading less what its evaporation rate has taken since. */
async function levelNow(db: Db, unitId: number, now: Date): Promise<number | null> {
  const { tank } = await loadTank(db, unitId, now);
  if (!tank.level) return null;
  const days = (now.getTime() - Date.parse(tank.level.recordedAt)) / DAY_MS;
  return Math.max(0, Math.round((tank.level.pct - (tank.evaporationPctPerDay ?? 0) * days) * 10) / 10);
}

/**
 * Refuses a refill that cannot fit: more litres than the tank's free volume at its level now, with a tenth
 * of its capacity allowed for what boils off while filling.
 */
async function checkRefillFits(db: Db, unit: Unit, litres: number, now: Date): Promise<void> {
  const pct = unit.capacityLitres ? await levelNow(db, unit.id, now) : null;
  if (!unit.capacityLitres || pct === null) return;
  const free = (unit.capacityLitres * (100 - pct)) / 100;
  const allowed = Math.round((free + unit.capacityLitres / 10) * 10) / 10;
  if (litres > allowed) {
    throw validationError(
      `${litres} L cannot fit in ${unit.name}: it holds ${unit.capacityLitres} L and is at about ${pct}%, so about ${Math.round(free * 10) / 10} L is free`,
      { litres: `At most ${allowed} L fits` },
    );
  }
}

async function insertRefill(
  db: Db,
  unit: Unit,
  refill: { litres: number; supplier: string },
  actorUserId: number,
  now: Date,
): Promise<void> {
  await checkRefillFits(db, unit, refill.litres, now);
  await db.insert(refills).values({
    storageUnitId: unit.id,
    litres: refill.litres,
    supplier: refill.supplier,
    refilledAt: now,
    recordedBy: actorUserId,
  });
}

/**
 * A dipstick or scale reading; cm become % of the tank's full depth. A depth beyond the full tank is
 * refused, and a rise with no refill since the last reading asks "Did you refill?" (409) until the
 * reading comes with its refill, which is then recorded first.
 */
export function recordLevel(ctx: AppContext, input: LevelReadingInput, actorUserId: number): Promise<Tank> {
  return ctx.database.tx(async (db) => {
    const unit = await lockTank(db, input.storageUnitId);
    if (input.unit === "cm" && unit.fullLevelCm !== null && input.value > unit.fullLevelCm) {
      throw validationError(
        `${unit.name} is ${unit.fullLevelCm} cm deep when full; ${input.value} cm cannot be`,
        {
          value: `At most ${unit.fullLevelCm} cm, this tank's full depth`,
        },
      );
    }
    const levelPct = levelPercent(input.value, input.unit, unit.fullLevelCm);
    if (levelPct === null)
      throw unprocessable(`${unit.name} has no full-tank depth on record; record the level in %`, {
        unit: "Record this tank's level in %",
      });
    const now = ctx.clock.now();
    if (input.refill) {
      await insertRefill(db, unit, input.refill, actorUserId, now);
    } else {
      const last = await lastLevel(db, unit.id);
      if (last && levelPct > last.pct + LEVEL_RISE_WITHOUT_REFILL_PCT) {
        throw new AppError(
          "REFILL_UNRECORDED",
          `${unit.name} was at ${last.pct}% and now reads ${levelPct}%, with no refill recorded since. Did you refill? Record the refill with this reading, or check the reading.`,
          { value: "Higher than the last reading: did you refill?" },
        );
      }
    }
    const { refill: _refill, ...reading } = input;
    await db.insert(levelReadings).values({ ...reading, levelPct, recordedAt: now, recordedBy: actorUserId });
    return syncTankAlerts(db, unit.id, now);
  });
}

/** A refill restarts the forecast: from the level measured after it, or from the next reading. */
export function recordRefill(ctx: AppContext, input: RefillInput, actorUserId: number): Promise<Tank> {
  return ctx.database.tx(async (db) => {
    const unit = await lockTank(db, input.storageUnitId);
    const now = ctx.clock.now();
    await insertRefill(db, unit, input, actorUserId, now);
    if (input.levelAfterPct != null) {
      await db.insert(levelReadings).values({
        storageUnitId: unit.id,
        method: "dipstick",
        unit: "percent",
        value: input.levelAfterPct,
        levelPct: input.levelAfterPct,
        recordedAt: now,
        recordedBy: actorUserId,
      });
    }
    return syncTankAlerts(db, unit.id, now);
  });
}

/**
 * The clock, not a reading, makes a refill overdue: every instance checks the LN2 tanks on each job tick.
 * One read finds the tanks whose refill alert no longer matches the forecast (rarely any); only those are
 * locked and brought in line, each in its own short transaction, so instances never raise one twice and a
 * quiet store costs a read, not a write, every tick.
 */
export async function checkRefillsDue(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const stale = await ctx.database.read(async (db) => {
    const tanks = await db
      .select({ id: storageUnits.id })
      .from(storageUnits)
      .where(eq(storageUnits.unitType, "liquid_nitrogen"));
    if (tanks.length === 0) return [];
    const ids = tanks.map((t) => t.id);
    const states = await loadTanks(db, now, { ids, limit: ids.length, offset: 0 });
    const open = await db
      .select({ unitId: storageAlerts.storageUnitId, severity: storageAlerts.severity })
      .from(storageAlerts)
      .where(
        and(
          inArray(storageAlerts.storageUnitId, ids),
          eq(storageAlerts.kind, "refill_overdue"),
          isNull(storageAlerts.resolvedAt),
        ),
      );
    const severityOf = new Map(open.map((a) => [a.unitId, a.severity]));
    return states
      .filter((s) => (severityOf.get(s.tank.id) ?? null) !== refillSeverity(s.forecast, now))
      .map((s) => s.tank.id);
  });
  for (const id of stale) {
    await ctx.database.tx(async (db) => {
      await lockTank(db, id);
      await syncRefillAlert(db, await loadTank(db, id, now), now);
    });
  }
}
