import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { StorageAlert, StorageAlertQuery } from "../../../contract/tanks";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { storageAlerts, storageUnits, users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { sortBy } from "../../http/list-sort";
import type { Severity } from "./forecast";

type AlertKind = (typeof storageAlerts.$inferSelect)["kind"];

/**
 * Brings a unit's alert of one kind in line with what was just measured: a new condition raises an alert,
 * a worse one raises it again (back on the banner even if acknowledged), a milder one keeps the
 * acknowledgement. None resolves an acknowledged alert; an unacknowledged one is only marked cleared and
 * stays on the banner until a person acknowledges it, so a typed reading never closes an alarm alone. The
 * partial unique index keeps one open alert per unit and kind when two instances measure at once.
 */
export async function syncAlert(
  db: Db,
  change: { storageUnitId: number; kind: AlertKind; severity: Severity; message: string; now: Date },
): Promise<void> {
  const [open] = await db
    .select()
    .from(storageAlerts)
    .where(
      and(
        eq(storageAlerts.storageUnitId, change.storageUnitId),
        eq(storageAlerts.kind, change.kind),
        isNull(storageAlerts.resolvedAt),
      ),
    )
    .for("update");
  if (!change.severity) {
    if (!open) return;
    const set = open.acknowledgedAt
      ? { resolvedAt: change.now }
      : { clearedAt: open.clearedAt ?? change.now };
    if (open.acknowledgedAt || !open.clearedAt) {
      await db.update(storageAlerts).set(set).where(eq(storageAlerts.id, open.id));
    }
    return;
  }
  if (!open) {
    await db
      .insert(storageAlerts)
      .values({
        storageUnitId: change.storageUnitId,
        kind: change.kind,
        severity: change.severity,
        message: change.message,
        raisedAt: change.now,
      })
      .onConflictDoNothing();
    return;
  }
  if (open.severity === change.severity && open.message === change.message && !open.clearedAt) return;
  const worse = open.severity === "warning" && change.severity === "critical";
  await db
    .update(storageAlerts)
    .set(
      worse
        ? {
            severity: change.severity,
            message: change.message,
            raisedAt: change.now,
            acknowledgedAt: null,
            acknowledgedBy: null,
            acknowledgementNote: null,
            clearedAt: null,
          }
        : { severity: change.severity, message: change.message, clearedAt: null },
    )
    .where(eq(storageAlerts.id, open.id));
}

const openView = and(isNull(storageAlerts.resolvedAt), isNull(storageAlerts.acknowledgedAt));
const historyView = or(isNotNull(storageAlerts.resolvedAt), isNotNull(storageAlerts.acknowledgedAt));

/** Open alerts, critical first; or the history (acknowledged or resolved); newest first by default. */
export function listAlerts(ctx: AppContext, query: StorageAlertQuery): Promise<StorageAlert[]> {
  const open = query.view === "open";
  return ctx.database.read((db) =>
    selectAlerts(db)
      .where(open ? openView : historyView)
      .orderBy(
        ...(open ? [desc(storageAlerts.severity)] : []),
        ...sortBy({ raisedAt: storageAlerts.raisedAt }, query, storageAlerts.id),
      )
      .limit(query.limit)
      .offset(query.offset)
      .then((rows) => rows.map(toAlert)),
  );
}

/**
 * Marks an alert as seen and handled by a named person: it leaves the banner and stays in the history, and
 * resolves if its condition has already stopped.
 */
export function acknowledgeAlert(
  ctx: AppContext,
  alertId: number,
  note: string,
  actorUserId: number,
): Promise<StorageAlert> {
  return ctx.database.tx(async (db) => {
    const now = ctx.clock.now();
    const [updated] = await db
      .update(storageAlerts)
      .set({
        acknowledgedAt: now,
        acknowledgedBy: actorUserId,
        acknowledgementNote: note,
        resolvedAt: sql`case when ${storageAlerts.clearedAt} is not null then ${now}::timestamptz end`,
      })
      .where(and(eq(storageAlerts.id, alertId), isNull(storageAlerts.acknowledgedAt)))
      .returning({ id: storageAlerts.id });
    if (!updated) {
      const [exists] = await db
        .select({ id: storageAlerts.id })
        .from(storageAlerts)
        .where(eq(storageAlerts.id, alertId));
      throw exists ? conflict("This alert has already been acknowledged") : notFound("Alert");
    }
    const [row] = await selectAlerts(db).where(eq(storageAlerts.id, alertId));
    return toAlert(row!);
  });
}

function selectAlerts(db: Db) {
  return db
    .select({
      alert: storageAlerts,
      storageUnit: storageUnits.name,
      acknowledgedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(storageAlerts)
    .innerJoin(storageUnits, eq(storageUnits.id, storageAlerts.storageUnitId))
    .leftJoin(users, eq(users.id, storageAlerts.acknowledgedBy))
    .$dynamic();
}

function toAlert(row: {
  alert: typeof storageAlerts.$inferSelect;
  storageUnit: string;
  acknowledgedBy: string | null;
}): StorageAlert {
  const { alert } = row;
  return {
    id: alert.id,
    storageUnitId: alert.storageUnitId,
    storageUnit: row.storageUnit,
    kind: alert.kind,
    severity: alert.severity,
    message: alert.message,
    raisedAt: alert.raisedAt.toISOString(),
    acknowledgedAt: alert.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedBy,
    acknowledgementNote: alert.acknowledgementNote,
    resolvedAt: alert.resolvedAt?.toISOString() ?? null,
    clearedAt: alert.clearedAt?.toISOString() ?? null,
  };
}
