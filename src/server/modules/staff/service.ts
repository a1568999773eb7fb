import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { roleLabels, type StaffRole } from "../../../contract/roles";
import {
  INVITE_HOURS,
  type StaffMember,
  type StaffSummary,
  type staffInviteSchema,
  type staffListQuery,
  type staffUpdateSchema,
} from "../../../contract/staff";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { sessions, users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { countMatching } from "../../http/list-total";
import { containsPattern } from "../../http/search";
import { issueAccountToken } from "../auth/account-tokens";
import { passwordLinkTo } from "../auth/password-links";
import { sessionCacheOf } from "../auth/session-cache";
import type { SessionUserRow } from "../auth/sessions";
import { enqueueMessage } from "../notifications/outbox";
import { readerOf } from "../notifications/readers";
import { staffStatusIs, staffStatusOf } from "./status";

type UserRow = typeof users.$inferSelect;

const isStaff = sql`${users.role} <> 'client'`;

/**
 * A staff member's passkeys, counted beside their row. Spelled out: Drizzle leaves a column in a raw subquery
 * unqualified, and "id" there would be the passkey's own.
 */
const passkeyCount = sql<number>`(select count(*)::int from passkeys where passkeys.user_id = users.id)`;

/** Staff always have an email (a database check says so); only a farmer may sign up with a mobile alone. */
function staffEmail(row: UserRow): string {
  if (row.email === null) throw new Error(`Staff account ${row.id} has no email`);
  return row.email;
}

export function toStaffMember(row: UserRow, passkeyTotal = 0): StaffMember {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: staffEmail(row),
    phone: row.phone,
    role: row.role as StaffRole,
    status: staffStatusOf(row),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    passkeys: passkeyTotal,
    isDemo: row.isDemo,
    createdAt: row.createdAt.toISOString(),
  };
}

type ListQuery = z.output<typeof staffListQuery>;

function staffFilters(query: ListQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [isStaff];
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.status) filters.push(staffStatusIs[query.status]);
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.email, pattern)),
    );
  }
  return and(...filters);
}

export const countStaff = (ctx: AppContext, query: ListQuery) =>
  countMatching(ctx, users, staffFilters(query), { search: Boolean(query.search) });

/** Staff by name (or role, last sign-in, joining), a page at a time; clients are never listed here. */
export function listStaff(ctx: AppContext, query: ListQuery): Promise<StaffMember[]> {
  const direction = query.order === "asc" ? asc : desc;
  const order: Record<ListQuery["sort"], SQL[]> = {
    name: [direction(users.firstName), direction(users.lastName)],
    role: [direction(users.role), asc(users.firstName)],
    // Never signed in sorts last either way.
    lastSignInAt: [sql`${users.lastSignInAt} ${sql.raw(query.order)} nulls last`],
    createdAt: [direction(users.createdAt)],
  };
  return ctx.database.read(async (db) => {
    const rows = await db
      .select({ user: users, passkeys: passkeyCount })
      .from(users)
      .where(staffFilters(query))
      .orderBy(...order[query.sort], direction(users.id))
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((r) => toStaffMember(r.user, r.passkeys));
  });
}

/** Staff by status, counted in SQL. */
export function staffSummary(ctx: AppContext): Promise<StaffSummary> {
  return ctx.database.read(async (db) => {
    const [row] = await db
      .select({
        active: sql<number>`count(*) filter (where ${staffStatusIs.active})::int`,
        invited: sql<number>`count(*) filter (where ${staffStatusIs.invited})::int`,
        inactive: sql<number>`count(*) filter (where ${staffStatusIs.inactive})::int`,
        directors: sql<number>`count(*) filter (where ${staffStatusIs.active} and ${users.role} = 'director')::int`,
      })
      .from(users)
      .where(isStaff);
    return row!;
  });
}

/** A staff member's row, locked for the change about to be made to it. */
async function lockedStaffRow(db: Db, id: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isStaff))
    .for("update");
  if (!row) throw notFound("Staff member");
  return row;
}

const fullName = (row: Pick<UserRow, "firstName" | "lastName">) => `${row.firstName} ${row.lastName}`;

/** Queues an invite, or a reset link for someone who has a password, to the person by email. */
async function sendLink(ctx: AppContext, db: Db, person: UserRow, actor: SessionUserRow): Promise<void> {
  const now = ctx.clock.now();
  const invited = person.passwordHash === null;
  const token = await issueAccountToken(db, {
    userId: person.id,
    purpose: invited ? "invite" : "reset",
    minutes: INVITE_HOURS * 60,
    now,
    createdBy: actor.id,
  });
  const link = invited
    ? passwordLinkTo(ctx, "/accept-invite", { token })
    : passwordLinkTo(ctx, "/reset-password", { token, email: staffEmail(person) });
  await enqueueMessage(db, {
    kind: invited ? "staff_invite" : "password_reset",
    reader: readerOf(person),
    facts: { link, hours: INVITE_HOURS, actor: fullName(actor), role: roleLabels[person.role] },
    now,
    channels: ["email"],
  });
}

/**
 * A Director invites someone: an account with no password yet (it cannot sign in), and an email with a
 * one-time link, valid for INVITE_HOURS, to choose one. The same email twice is a 409.
 */
export async function inviteStaff(
  ctx: AppContext,
  input: z.output<typeof staffInviteSchema>,
  actor: SessionUserRow,
): Promise<StaffMember> {
  return ctx.database.tx(async (db) => {
    const [row] = await db
      .insert(users)
      .values({ ...input, passwordHash: null, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning();
    // The email's unique index (lower(email)): taken before, or by an invite racing this one.
    if (!row) throw conflict(`Someone already has an account with ${input.email}`);
    await sendLink(ctx, db, row, actor);
    return toStaffMember(row);
  });
}

/**
 * Locks the active Directors, in id order, before any staff row: two Directors demoting or deactivating each
 * other at once queue one behind the other instead of deadlocking, and the second sees the first's change.
 */
const lockDirectors = (db: Db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "director"), staffStatusIs.active))
    .orderBy(asc(users.id))
    .for("update");

/**
 * Refuses a change that would leave no active Director to manage staff, then a Director changing their own
 * role or deactivating themselves.
 */
function guardDirectors(
  directors: { id: number }[],
  person: UserRow,
  change: { role?: StaffRole; isActive?: boolean },
  actor: SessionUserRow,
): void {
  const leavesDirectors =
    person.role === "director" &&
    person.isActive &&
    ((change.role !== undefined && change.role !== "director") || change.isActive === false);
  if (leavesDirectors && directors.every((d) => d.id === person.id)) {
    throw conflict(
      `${fullName(person)} is the last active Director: make someone else a Director first, so someone can still manage staff`,
    );
  }
  if (person.id === actor.id && change.role !== undefined && change.role !== person.role) {
    throw conflict("You cannot change your own role: ask another Director");
  }
  if (person.id === actor.id && change.isActive === false) {
    throw conflict("You cannot deactivate your own account: ask another Director");
  }
}

/**
 * A new role, or deactivation (every session of theirs ends at once) and reactivation. The person is told
 * of a new role by email.
 */
export async function updateStaff(
  ctx: AppContext,
  id: number,
  change: z.output<typeof staffUpdateSchema>,
  actor: SessionUserRow,
): Promise<StaffMember> {
  const updated = await ctx.database.tx(async (db) => {
    const directors = await lockDirectors(db);
    const person = await lockedStaffRow(db, id);
    guardDirectors(directors, person, change, actor);
    const [row] = await db.update(users).set(change).where(eq(users.id, id)).returning();
    if (change.isActive === false) await db.delete(sessions).where(eq(sessions.userId, id));
    if (change.role !== undefined && change.role !== person.role) {
      await enqueueMessage(db, {
        kind: "role_changed",
        reader: readerOf(row!),
        facts: { actor: fullName(actor), role: roleLabels[change.role] },
        now: ctx.clock.now(),
        channels: ["email"],
      });
    }
    const [held] = await db.select({ passkeys: passkeyCount }).from(users).where(eq(users.id, id));
    return toStaffMember(row!, held?.passkeys);
  });
  // This instance forgets at once; another, within its cache's few seconds.
  sessionCacheOf(ctx.database).forget();
  return updated;
}

/** Sends a new one-time link: a fresh invite to someone who never set a password, else a reset. */
export async function sendPasswordLink(ctx: AppContext, id: number, actor: SessionUserRow): Promise<void> {
  await ctx.database.tx(async (db) => {
    const person = await lockedStaffRow(db, id);
    if (!person.isActive) throw conflict(`${fullName(person)} is deactivated: reactivate them first`);
    if (person.isDemo) throw conflict("Demo accounts keep their published password");
    await sendLink(ctx, db, person, actor);
  });
}
