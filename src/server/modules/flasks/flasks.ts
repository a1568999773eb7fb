import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  Flask,
  FlaskDetail,
  FlaskLoan,
  flaskInputSchema,
  flaskLendSchema,
  flaskReturnSchema,
} from "../../../contract/flasks";
import type { Pagination } from "../../../contract/pagination";
import type { AppContext } from "../../context";
import { type Db, postgresErrorOf } from "../../db/adapter";
import {
  flaskLoans,
  flaskMovements,
  flaskStraws,
  flasks,
  inventoryItems,
  stockBatches,
  users,
} from "../../db/schema";
import { AppError, conflict, notFound, validationError } from "../../errors";
import { countMatching } from "../../http/list-total";
import { containsPattern } from "../../http/search";
import { nairobiDate } from "../../time";
import { flaskContents, issueStraws, returnStraws } from "./flask-stock";

type FlaskRow = typeof flasks.$inferSelect;
type LoanRow = typeof flaskLoans.$inferSelect;

const round2 = (n: number) => Math.round(n * 100) / 100;

async function toLoans(db: Db, rows: LoanRow[], today: string): Promise<FlaskLoan[]> {
  if (rows.length === 0) return [];
  const people = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, role: users.role })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((r) => r.holderUserId))]));
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => {
    const p = byId.get(r.holderUserId)!;
    return {
      id: r.id,
      holder: { id: p.id, name: `${p.first} ${p.last}`, role: p.role },
      lentAt: r.lentAt.toISOString(),
      dueOn: r.dueOn,
      depositKes: r.depositKes,
      weightOutKg: r.weightOutKg,
      returnedAt: r.returnedAt?.toISOString() ?? null,
      weightBackKg: r.weightBackKg,
      ln2UsedKg: r.weightBackKg === null ? null : round2(r.weightOutKg - r.weightBackKg),
      notes: r.notes,
      overdue: r.returnedAt === null && r.dueOn < today,
    };
  });
}

/** Flasks as the store lists them: each with the straws in it and its open loan. */
async function toFlasks(db: Db, rows: FlaskRow[], today: string): Promise<Flask[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .select({ flaskId: flaskStraws.flaskId, n: sql<number>`sum(${flaskStraws.count})::int` })
    .from(flaskStraws)
    .where(inArray(flaskStraws.flaskId, ids))
    .groupBy(flaskStraws.flaskId);
  const openRows = await db
    .select()
    .from(flaskLoans)
    .where(and(inArray(flaskLoans.flaskId, ids), isNull(flaskLoans.returnedAt)));
  // toLoans keeps the rows' order, so each loan lines up with the row it came from.
  const open = await toLoans(db, openRows, today);
  const loanOf = new Map(openRows.map((l, i) => [l.flaskId, open[i]!]));
  const countOf = new Map(counts.map((c) => [c.flaskId, c.n]));
  return rows.map((r) => ({
    id: r.id,
    serial: r.serial,
    kind: r.kind,
    capacityStraws: r.capacityStraws,
    ln2CapacityKg: r.ln2CapacityKg,
    status: r.status,
    straws: countOf.get(r.id) ?? 0,
    loan: loanOf.get(r.id) ?? null,
  }));
}

/** GET /api/flasks: every flask and dry shipper, by serial. */
export function listFlasks(ctx: AppContext, page: Pagination): Promise<Flask[]> {
  return ctx.database.read(async (db) =>
    toFlasks(
      db,
      await db
        .select()
        .from(flasks)
        .orderBy(asc(flasks.serial), asc(flasks.id))
        .limit(page.limit)
        .offset(page.offset),
      nairobiDate(ctx.clock.now()),
    ),
  );
}

export const countFlasks = (ctx: AppContext) => countMatching(ctx, flasks, undefined);

/** GET /api/flasks/:id: the flask, what is in it, and its history. */
export function getFlask(ctx: AppContext, id: number): Promise<FlaskDetail> {
  const today = nairobiDate(ctx.clock.now());
  return ctx.database.read(async (db) => {
    const [row] = await db.select().from(flasks).where(eq(flasks.id, id));
    if (!row) throw notFound("Flask");
    const loans = await toLoans(
      db,
      await db
        .select()
        .from(flaskLoans)
        .where(eq(flaskLoans.flaskId, id))
        .orderBy(desc(flaskLoans.lentAt))
        .limit(100),
      today,
    );
    const movements = await db
      .select({
        id: flaskMovements.id,
        kind: flaskMovements.kind,
        itemId: inventoryItems.itemId,
        batch: stockBatches.code,
        quantity: flaskMovements.quantity,
        by: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
        at: flaskMovements.createdAt,
      })
      .from(flaskMovements)
      .innerJoin(inventoryItems, eq(inventoryItems.id, flaskMovements.inventoryItemId))
      .innerJoin(stockBatches, eq(stockBatches.id, flaskMovements.batchId))
      .leftJoin(users, eq(users.id, flaskMovements.actorUserId))
      .where(eq(flaskMovements.flaskId, id))
      .orderBy(desc(flaskMovements.createdAt), desc(flaskMovements.id))
      .limit(200);
    return {
      ...(await toFlasks(db, [row], today))[0]!,
      contents: await flaskContents(db, id),
      loans,
      movements: movements.map((m) => ({ ...m, at: m.at.toISOString() })),
    };
  });
}

/** POST /api/flasks: a new vessel, its serial unique whatever its case. */
export function createFlask(ctx: AppContext, input: z.output<typeof flaskInputSchema>): Promise<Flask> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const [row] = await db
      .insert(flasks)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning()
      .catch((error: unknown) => {
        if (postgresErrorOf(error)?.code === "23505") {
          throw new AppError("CONFLICT", "A flask with this serial number is already on the books", {
            serial: "This serial is taken",
          });
        }
        throw error;
      });
    return (await toFlasks(db, [row!], nairobiDate(now)))[0]!;
  });
}

async function lockFlask(db: Db, id: number): Promise<FlaskRow> {
  const [row] = await db.select().from(flasks).where(eq(flasks.id, id)).for("update");
  if (!row) throw notFound("Flask");
  return row;
}

/** The flask's new status, and the flask as the list shows it. */
async function setStatus(db: Db, id: number, status: FlaskRow["status"], now: Date): Promise<Flask> {
  const [row] = await db.update(flasks).set({ status, updatedAt: now }).where(eq(flasks.id, id)).returning();
  return (await toFlasks(db, [row!], nairobiDate(now)))[0]!;
}

/** POST /api/flasks/:id/lend: out to a Field Technician or a client, with its deposit and LN2 weight. */
export function lendFlask(
  ctx: AppContext,
  id: number,
  input: z.output<typeof flaskLendSchema>,
  actorId: number,
): Promise<Flask> {
  const now = ctx.clock.now();
  const today = nairobiDate(now);
  if (input.dueOn < today) throw validationError("The due date has passed", { dueOn: "Not in the past" });
  return ctx.database.tx(async (db) => {
    const flask = await lockFlask(db, id);
    if (flask.status !== "in_store")
      throw conflict(`${flask.serial} is ${flask.status === "lent" ? "already lent" : "retired"}`);
    if (input.weightOutKg > flask.ln2CapacityKg * 3) {
      throw validationError("That is more than a charged flask weighs", { weightOutKg: "Check the scale" });
    }
    const [holder] = await db
      .select({ id: users.id, role: users.role, active: users.isActive })
      .from(users)
      .where(eq(users.id, input.holderUserId));
    if (!holder?.active || !["field_technician", "client"].includes(holder.role)) {
      throw validationError("Lend to a field technician or a client", {
        holderUserId: "Choose who takes it",
      });
    }
    await db.insert(flaskLoans).values({
      flaskId: id,
      holderUserId: holder.id,
      lentAt: now,
      dueOn: input.dueOn,
      depositKes: input.depositKes,
      weightOutKg: input.weightOutKg,
      lentBy: actorId,
      notes: input.notes || null,
    });
    return setStatus(db, id, "lent", now);
  });
}

/**
 * POST /api/flasks/:id/return: back in the store, weighed: the loan closes with the LN2 it used, and any
 * straws still in it go back into stock.
 */
export function returnFlask(
  ctx: AppContext,
  id: number,
  input: z.output<typeof flaskReturnSchema>,
  actorId: number,
): Promise<Flask> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const flask = await lockFlask(db, id);
    const [loan] = await db
      .select()
      .from(flaskLoans)
      .where(and(eq(flaskLoans.flaskId, id), isNull(flaskLoans.returnedAt)));
    if (!loan) throw conflict(`${flask.serial} is not lent out`);
    if (input.weightBackKg > loan.weightOutKg) {
      throw validationError(`It went out at ${loan.weightOutKg} kg: it cannot come back heavier`, {
        weightBackKg: `At most ${loan.weightOutKg} kg`,
      });
    }
    await db
      .update(flaskLoans)
      .set({
        returnedAt: now,
        weightBackKg: input.weightBackKg,
        returnedBy: actorId,
        notes: [loan.notes, input.notes].filter(Boolean).join(" · ") || null,
      })
      .where(eq(flaskLoans.id, loan.id));
    await returnStraws(db, flask, actorId, now);
    return setStatus(db, id, "in_store", now);
  });
}

/** POST /api/flasks/:id/issue: straws from the store into the flask (FEFO), then the flask as it stands. */
export async function issueToFlask(
  ctx: AppContext,
  id: number,
  items: { inventoryItemId: number; quantity: number }[],
  actorId: number,
): Promise<FlaskDetail> {
  await ctx.database.tx(async (db) => {
    const flask = await lockFlask(db, id);
    if (flask.status === "retired") throw conflict(`${flask.serial} is retired`);
    await issueStraws(db, flask, items, actorId, ctx.clock.now());
  });
  return getFlask(ctx, id);
}

/** GET /api/flasks/holders: who a flask can be lent to, Field Technicians first, then clients by name or phone. */
export function flaskHolders(ctx: AppContext, search: string) {
  const pattern = containsPattern(search);
  return ctx.database.read((db) =>
    db
      .select({
        id: users.id,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        role: users.role,
        phone: users.phone,
      })
      .from(users)
      .where(
        and(
          eq(users.isActive, true),
          inArray(users.role, ["field_technician", "client"]),
          search
            ? sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${pattern} or ${users.phone} ilike ${pattern})`
            : eq(users.role, "field_technician"),
        ),
      )
      .orderBy(sql`${users.role} = 'client'`, asc(users.firstName), asc(users.id))
      .limit(20),
  );
}

/** GET /api/field/flask: the flasks lent to this technician, with the straws in each. */
export async function myFlasks(ctx: AppContext, userId: number): Promise<FlaskDetail[]> {
  const lent = await ctx.database.read((db) =>
    db
      .select({ flaskId: flaskLoans.flaskId })
      .from(flaskLoans)
      .where(and(eq(flaskLoans.holderUserId, userId), isNull(flaskLoans.returnedAt))),
  );
  // One read each, never one inside another: the embedded database has a single connection.
  const out: FlaskDetail[] = [];
  for (const { flaskId } of lent) out.push(await getFlask(ctx, flaskId));
  return out;
}

/** GET /api/flasks/summary: the store's figures, from aggregates. */
export function flaskSummary(ctx: AppContext) {
  const today = nairobiDate(ctx.clock.now());
  return ctx.database.read(async (db) => {
    const [f] = await db
      .select({
        flasks: sql<number>`count(*)::int`,
        lent: sql<number>`count(*) filter (where ${flasks.status} = 'lent')::int`,
      })
      .from(flasks);
    const [o] = await db
      .select({ overdue: sql<number>`count(*)::int` })
      .from(flaskLoans)
      .where(and(isNull(flaskLoans.returnedAt), sql`${flaskLoans.dueOn} < ${today}::date`));
    const [s] = await db
      .select({ straws: sql<number>`coalesce(sum(${flaskStraws.count}), 0)::int` })
      .from(flaskStraws);
    return { ...f!, ...o!, ...s! };
  });
}
