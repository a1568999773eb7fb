import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type Consents,
  type DataRequest,
  type dataRequestQuery,
  type MarketingConsentInput,
  marketingWording,
} from "../../../contract/data-rights";
import type { Language } from "../../../contract/languages";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import {
  accountTokens,
  consents,
  customers,
  dataRequests,
  orders,
  outbox,
  passkeys,
  sessions,
  trustedSignIns,
  users,
  webauthnChallenges,
} from "../../db/schema";
import { conflict, validationError } from "../../errors";
import { countMatching } from "../../http/list-total";
import { verifyPassword } from "../auth/passwords";
import { sessionCacheOf } from "../auth/session-cache";
import type { SessionUserRow } from "../auth/sessions";
import { FREE_FAILURES_PER_PAIR, reserveDelayed, throttleKeys } from "../auth/throttle";

/** GET /api/client/consents */
export async function readConsents(ctx: AppContext, userId: number): Promise<Consents> {
  const [rows, [account]] = await ctx.database.read(async (db) => [
    await db.select().from(consents).where(eq(consents.userId, userId)).orderBy(desc(consents.id)),
    await db.select({ since: users.marketingConsentAt }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    marketing: account?.since != null,
    history: rows.map((r) => ({
      kind: r.kind,
      granted: r.granted,
      wording: r.wording,
      language: r.language,
      at: r.at.toISOString(),
    })),
  };
}

/**
 * Records a marketing choice with the exact words shown, in the language shown: the consent row and the
 * account's current state change together.
 */
export async function recordMarketingChoice(
  db: Db,
  input: { userId: number; granted: boolean; language: Language; now: Date },
): Promise<void> {
  await db.insert(consents).values({
    userId: input.userId,
    kind: "marketing",
    granted: input.granted,
    wording: marketingWording[input.language],
    language: input.language,
    at: input.now,
  });
  await db
    .update(users)
    .set({ marketingConsentAt: input.granted ? input.now : null })
    .where(eq(users.id, input.userId));
}

/** PUT /api/client/consents/marketing */
export async function setMarketingConsent(
  ctx: AppContext,
  user: SessionUserRow,
  input: MarketingConsentInput,
): Promise<void> {
  const language = input.language ?? user.language;
  const now = ctx.clock.now();
  await ctx.database.tx((db) =>
    recordMarketingChoice(db, { userId: user.id, granted: input.granted, language, now }),
  );
  sessionCacheOf(ctx.database).forget();
}

const WRONG_PASSWORD = "Your password is not right";

/**
 * DELETE /api/client/account: after the password, the person's name, email, phone and farm details are
 * replaced on their account, their customer record and their orders; their sessions, passkeys, links and
 * remembered devices go; the messages we sent them lose their address and words. Orders, payments and
 * invoices stay (with the anonymised customer): tax law keeps them five years, and issued invoices are
 * never changed. All in one transaction, recorded for the Directors' data-request list.
 */
export async function deleteMyAccount(
  ctx: AppContext,
  user: SessionUserRow,
  input: { password: string; ip: string },
): Promise<void> {
  if (user.isDemo) throw conflict("The demo account cannot be deleted: everyone trying Urithi shares it");
  const pair = throttleKeys(user.email, input.ip).pair;
  await ctx.database.tx((db) => reserveDelayed(db, pair, ctx.clock.now(), FREE_FAILURES_PER_PAIR));
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw validationError(WRONG_PASSWORD, { password: WRONG_PASSWORD });
  }
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
    const mine = user.customerId
      ? or(eq(orders.clientUserId, user.id), eq(orders.customerId, user.customerId))
      : eq(orders.clientUserId, user.id);
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
      .where(mine);
    await db
      .update(outbox)
      .set({ recipient: "[deleted]", subject: "[deleted]", body: "[deleted]", html: null })
      .where(
        or(
          eq(outbox.userId, user.id),
          inArray(outbox.recipient, [user.email, ...(user.phone ? [user.phone] : [])]),
        ),
      );
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
