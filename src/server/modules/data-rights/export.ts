import { asc, eq, inArray } from "drizzle-orm";
import { csvLine } from "../../../contract/csv";
import type { AppContext } from "../../context";
import {
  callbackRequests,
  consents,
  cowEvents,
  cows,
  customers,
  dataRequests,
  orderLines,
  orders,
  outbox,
  payments,
  serviceRequests,
  taxDocuments,
} from "../../db/schema";
import type { SessionUserRow } from "../auth/sessions";
import { ordersOf } from "./service";

/** Rows as a CSV: a header of their keys, then one line each (objects and arrays as JSON). */
function csvOf(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return "";
  const keys = Object.keys(rows[0]!);
  const cell = (v: unknown) =>
    v === null || v === undefined
      ? ""
      : v instanceof Date
        ? v.toISOString()
        : typeof v === "object"
          ? JSON.stringify(v)
          : (v as string | number);
  return [csvLine(keys), ...rows.map((r) => csvLine(keys.map((k) => cell(r[k]))))].join("");
}

const utf8 = new TextEncoder();
const bytes = (text: string) => utf8.encode(text);
const json = (value: unknown) => bytes(`${JSON.stringify(value, null, 2)}\n`);

/** The account's own fields, without what only the server needs (its password hash). */
function accountFields(user: SessionUserRow) {
  const { passwordHash: _hidden, ...profile } = user;
  return profile;
}

const README = `Your data from Urithi Genetics
==============================

This archive holds what Urithi keeps about you (Kenya Data Protection Act 2019, sections 26 and 38):

- profile.json: your account and the customer record your orders belong to
- orders.json / orders.csv: your orders, with their lines
- payments.json / payments.csv: payments on your orders
- invoices.json / invoices.csv: tax invoices and credit notes issued to you
- messages.json / messages.csv: the SMS and emails we sent you
- consents.json: the choices you made about marketing messages, with the words you were shown
- herd.json / cow-events.csv: your cows, and what you recorded for each (heat, services, pregnancy checks,
  calvings, exits)
- visits.json / visits.csv: the inseminator and pregnancy-check visits you asked for
- call-backs.json: the times you asked us to call you back (by USSD), and when we did

Each .csv opens in a spreadsheet; each .json holds the same rows in full.
`;

/**
 * GET /api/client/my-data: one ZIP with JSON and CSV of everything the account holds: only rows that are
 * the client's own (their orders by account or customer record, and what hangs off those), built within
 * the request. The request is recorded for the Directors' data-request list.
 */
export async function exportMyData(ctx: AppContext, user: SessionUserRow): Promise<Uint8Array> {
  const now = ctx.clock.now();
  const data = await ctx.database.read(async (db) => {
    const [customer] = user.customerId
      ? await db.select().from(customers).where(eq(customers.id, user.customerId))
      : [];
    const orderRows = await db.select().from(orders).where(ordersOf(user)).orderBy(asc(orders.id));
    const ids = orderRows.map((o) => o.id);
    const lines = ids.length
      ? await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id))
      : [];
    const paid = ids.length
      ? await db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.id))
      : [];
    const invoices = ids.length
      ? await db
          .select()
          .from(taxDocuments)
          .where(inArray(taxDocuments.orderId, ids))
          .orderBy(asc(taxDocuments.id))
      : [];
    const sent = await db
      .select({
        kind: outbox.kind,
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        body: outbox.body,
        status: outbox.status,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(eq(outbox.userId, user.id))
      .orderBy(asc(outbox.id));
    const given = await db
      .select()
      .from(consents)
      .where(eq(consents.userId, user.id))
      .orderBy(asc(consents.id));
    const herd = await db.select().from(cows).where(eq(cows.ownerUserId, user.id)).orderBy(asc(cows.id));
    const cowIds = herd.map((c) => c.id);
    const recorded = cowIds.length
      ? await db.select().from(cowEvents).where(inArray(cowEvents.cowId, cowIds)).orderBy(asc(cowEvents.id))
      : [];
    const visits = await db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.clientUserId, user.id))
      .orderBy(asc(serviceRequests.id));
    const callBacks = await db
      .select({
        phone: callbackRequests.phone,
        channel: callbackRequests.channel,
        createdAt: callbackRequests.createdAt,
        calledAt: callbackRequests.calledAt,
      })
      .from(callbackRequests)
      .where(eq(callbackRequests.userId, user.id))
      .orderBy(asc(callbackRequests.id));
    return { customer, orderRows, lines, paid, invoices, sent, given, herd, recorded, visits, callBacks };
  });
  const orderList = data.orderRows.map((o) => ({
    ...o,
    lines: data.lines.filter((l) => l.orderId === o.id),
  }));
  const files: Record<string, Uint8Array> = {
    "README.txt": bytes(README),
    "profile.json": json({ account: accountFields(user), customer: data.customer ?? null, exportedAt: now }),
    "orders.json": json(orderList),
    "orders.csv": bytes(csvOf(data.orderRows)),
    "payments.json": json(data.paid),
    "payments.csv": bytes(csvOf(data.paid)),
    "invoices.json": json(data.invoices),
    "invoices.csv": bytes(csvOf(data.invoices.map(({ lines: _l, ...doc }) => doc))),
    "messages.json": json(data.sent),
    "messages.csv": bytes(csvOf(data.sent)),
    "consents.json": json(data.given),
    "herd.json": json(
      data.herd.map((c) => ({ ...c, events: data.recorded.filter((e) => e.cowId === c.id) })),
    ),
    "cow-events.csv": bytes(csvOf(data.recorded)),
    "visits.json": json(data.visits),
    "visits.csv": bytes(csvOf(data.visits)),
    "call-backs.json": json(data.callBacks),
  };
  await ctx.database.tx((db) =>
    db.insert(dataRequests).values({ userId: user.id, kind: "export", requestedAt: now, completedAt: now }),
  );
  // The zip library is loaded by the first export, not at start (decision 46).
  const { zipSync } = await import("fflate");
  return zipSync(files, { level: 6, mtime: now });
}
