import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DataRequest, dataRequestQuery } from "../../../contract/data-rights";
import type { AppContext } from "../../context";
import {
  accountTokens,
  callbackRequests,
  customers,
  dataRequests,
  orders,
  outbox,
  passkeys,
  serviceRequests,
  sessions,
  trustedSignIns,
  users,
  ussdCallers,
  ussdSessions,
  webauthnChallenges,
} from "../../db/schema";
import { conflict, validationError } from "../../errors";
import { countMatching } from "../../http/list-total";
import { spendAccountCode } from "../auth/account-tokens";
import { reserveCodeTry, textAccountCode, wrongCode } from "../auth/recovery";
import { provePassword } from "../auth/service";
import { sessionCacheOf } from "../auth/session-cache";
import type { SessionUserRow } from "../auth/sessions";
import { reserveBudget } from "../auth/throttle";

/** Deletion codes one account may be sent per window. */
export const DELETION_CODES_PER_ACCOUNT = 3;
const DEMO_KEPT = "The demo account cannot be deleted: everyone trying Urithi shares it";

/**
 * The mobile a deletion code goes to: only a farmer with no password (they sign in by phone) confirms by code,
 * and only to a number proven theirs. An account with a password confirms with it.
 */
function deletionMobile(user: SessionUserRow): string {
  if (user.passwordHash !== null) {
    const message = "Confirm with your password";
    throw validationError(message, { password: message });
  }
  if (!user.phone || !user.phoneVerifiedAt) throw conflict("Verify your mobile number first");
  return user.phone;
}

/** POST /api/client/account/deletion-code: texts a 6-digit code to confirm deleting a phone-only account. */
export async function sendDeletionCode(ctx: AppContext, user: SessionUserRow): Promise<void> {
  if (user.isDemo) throw conflict(DEMO_KEPT);
  const phone = deletionMobile(user);
  const now = ctx.clock.now();
  await ctx.database.tx(async (db) => {
    await reserveBudget(db, `deletion-code:${user.id}`, now, DELETION_CODES_PER_ACCOUNT, "codes asked for");
    await textAccountCode(db, user, { purpose: "deletion", phone, now });
  });
}

/**
 * Proves a deletion by its code, in a transaction of its own that commits either way, so a wrong guess stays
 * counted (five end the code; an address may try CODE_TRIES_PER_ADDRESS a window).
 */
async function proveDeletionCode(ctx: AppContext, user: SessionUserRow, code: string, ip: string) {
  const phone = deletionMobile(user);
  const now = ctx.clock.now();
  const spent = await ctx.database.tx(async (db) => {
    await reserveCodeTry(db, ip, now);
    return spendAccountCode(db, { userId: user.id, purpose: "deletion", boundTo: phone, code, now });
  });
  if (!spent) throw wrongCode();
}

/** A client's orders: placed on their account, or booked by staff for their customer record. */
export const ordersOf = (user: SessionUserRow): SQL =>
  user.customerId
    ? or(eq(orders.clientUserId, user.id), eq(orders.customerId, user.customerId))!
    : eq(orders.clientUserId, user.id);

/**
 * DELETE /api/client/account: after the password (or a texted code, for a farmer with none), the person's name, email, phone and farm details are
 * replaced on their account, their customer record and their orders; their sessions, passkeys, links and
 * remembered devices go; the messages we sent them lose their address and words. Orders, payments and
 * invoices stay (with the anonymised customer): tax law keeps them five years, and issued invoices are
 * never changed. All in one transaction, recorded for the Directors' data-request list.
 */
export async function deleteMyAccount(
  ctx: AppContext,
  user: SessionUserRow,
  input: { password?: string; code?: string; ip: string },
): Promise<void> {
  if (user.isDemo) throw conflict(DEMO_KEPT);
  if (input.code !== undefined) await proveDeletionCode(ctx, user, input.code, input.ip);
  else
    await provePassword(ctx, user, {
      ip: input.ip,
      password: input.password ?? "",
      field: "password",
      wrong: "Your password is not right",
    });
  const now = ctx.clock.now();
  const gone = `deleted-${user.id}@deleted.urithi.invalid`;
  const label = `Deleted client ${user.id}`;
  await ctx.database.tx(async (db) => {
    await db
      .update(users)
      .set({
        email: gone,
        firstName: "Deleted",
        lastName: "client",
        phone: null,
        phoneVerifiedAt: null,
        farmName: null,
        farmType: null,
        location: null,
        county: null,
        herdSize: null,
        experience: null,
        interests: [],
        notes: null,
        passwordHash: null,
        marketingConsentAt: null,
        isActive: false,
        deletedAt: now,
      })
      .where(eq(users.id, user.id));
    if (user.customerId) {
      await db
        .update(customers)
        .set({
          name: label,
          email: `deleted-customer-${user.customerId}@deleted.urithi.invalid`,
          phone: "",
          address: "",
          contactPerson: "",
          kraPin: null,
          notes: null,
          isActive: false,
        })
        .where(eq(customers.id, user.customerId));
    }
    await db
      .update(orders)
      .set({
        customerName: label,
        customerEmail: null,
        customerPhone: null,
        customerLocation: null,
        deliveryAddress: null,
        deliveryContact: null,
        specialInstructions: null,
      })
      .where(ordersOf(user));
    // Visits keep their cow, county and price for the herd's history; not how to reach or find the farmer.
    await db
      .update(serviceRequests)
      .set({ phone: "[deleted]", ward: null, description: null, lat: null, lng: null, notes: null })
      .where(eq(serviceRequests.clientUserId, user.id));
    await db
      .update(serviceRequests)
      .set({
        status: "cancelled",
        cancelledAt: now,
        cancelReason: "The farmer deleted the account",
        updatedAt: now,
      })
      .where(
        and(
          eq(serviceRequests.clientUserId, user.id),
          inArray(serviceRequests.status, ["requested", "assigned"]),
        ),
      );
    await db
      .update(outbox)
      .set({ recipient: "[deleted]", subject: "[deleted]", body: "[deleted]", html: null })
      .where(
        or(
          eq(outbox.userId, user.id),
          inArray(
            outbox.recipient,
            [user.email, user.phone].filter((r): r is string => r !== null),
          ),
        ),
      );
    // USSD: a call-back request keeps when it was asked, not whom to ring; the phone forgets its language.
    await db
      .update(callbackRequests)
      .set({
        phone: "[deleted]",
        name: null,
        calledAt: sql`coalesce(${callbackRequests.calledAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(callbackRequests.userId, user.id));
    await db.delete(ussdSessions).where(eq(ussdSessions.userId, user.id));
    if (user.phone) await db.delete(ussdCallers).where(eq(ussdCallers.phone, user.phone));
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    await db.delete(passkeys).where(eq(passkeys.userId, user.id));
    await db.delete(accountTokens).where(eq(accountTokens.userId, user.id));
    await db.delete(trustedSignIns).where(eq(trustedSignIns.userId, user.id));
    await db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id));
    await db
      .insert(dataRequests)
      .values({ userId: user.id, kind: "deletion", requestedAt: now, completedAt: now });
  });
  sessionCacheOf(ctx.database).forget();
}

type ListQuery = z.output<typeof dataRequestQuery>;
const whereOf = (q: ListQuery) => (q.kind ? eq(dataRequests.kind, q.kind) : undefined);

/** GET /api/data-requests: exports and deletions with their dates, newest first (Directors). */
export function listDataRequests(ctx: AppContext, query: ListQuery): Promise<DataRequest[]> {
  return ctx.database.read(async (db) => {
    const rows = await db
      .select({ request: dataRequests, email: users.email })
      .from(dataRequests)
      .innerJoin(users, eq(users.id, dataRequests.userId))
      .where(whereOf(query))
      .orderBy(
        query.order === "asc" ? sql`${dataRequests.requestedAt} asc` : sql`${dataRequests.requestedAt} desc`,
        desc(dataRequests.id),
      )
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(({ request, email }) => ({
      id: request.id,
      userId: request.userId,
      email,
      kind: request.kind,
      requestedAt: request.requestedAt.toISOString(),
      completedAt: request.completedAt?.toISOString() ?? null,
    }));
  });
}

export const countDataRequests = (ctx: AppContext, query: ListQuery) =>
  countMatching(ctx, dataRequests, and(whereOf(query)));
