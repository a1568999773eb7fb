import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { LIST_TOTAL_CAP } from "../../../contract/list-total";
import type { Message, MessageCounts, MessageListQuery, MessageStatus } from "../../../contract/messages";
import { messageStatuses } from "../../../contract/messages";
import type { AppContext } from "../../context";
import { type Db, prepared, sqlKey } from "../../db/adapter";
import { messageRecipients, outbox } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { countMatching, type ListTotal, noteCount, searchPage, seenOverCap } from "../../http/list-total";
import { containsPattern, fewKeys, SEARCH_KEYS_CAP } from "../../http/search";
import { messagePage, messageSortColumns, messageStatusPage, statusIs } from "./message-pages";

type OutboxRow = typeof outbox.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What staff see: a message the outbox sent to no provider was only kept. */
const shownStatus = (status: OutboxRow["status"], kept: boolean): MessageStatus =>
  status === "sent" && kept ? "kept" : status;

/**
 * Messages that carry a one-time link: staff reading the outbox must not be able to use someone's invite or
 * reset. Demo mode shows them whole, so a visitor can follow the link the app "sent".
 */
const carriesSecret = new Set<OutboxRow["kind"]>([
  "staff_invite",
  "password_reset",
  "reset_code",
  "phone_code",
  "deletion_code",
]);
const hideToken = (text: string) => text.replace(/token=[\w-]+/g, "token=…").replace(/\b\d{6}\b/g, "••••••");

/** A message's body as staff may read it. */
const shownBody = (kind: OutboxRow["kind"], body: string, showSecrets: boolean) =>
  carriesSecret.has(kind) && !showSecrets ? hideToken(body) : body;

export function toMessage(row: OutboxRow, showSecrets: boolean): Message {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    language: row.language,
    subject: row.subject,
    body: shownBody(row.kind, row.body, showSecrets),
    status: shownStatus(row.status, row.kept),
    attempts: row.attempts,
    lastError: row.lastError,
    providerMessageId: row.providerMessageId,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    nextAttemptAt: iso(row.status === "pending" ? row.nextAttemptAt : null),
  };
}

const recipientsLimit = sql.raw(String(SEARCH_KEYS_CAP + 1));

/** Prepared: the same statement for every search, whose plan does not depend on the pattern. */
const recipientsLike = prepared<{ pattern: string }, { recipient: string }>(
  "message_recipients_like",
  (p) => sql`select ${messageRecipients.recipient} as recipient from ${messageRecipients}
    where ${messageRecipients.words} like lower(${p.pattern}::text) limit ${recipientsLimit}`,
);

/**
 * The addresses containing a search's text in any case, among each one the outbox has written to
 * (`message_recipients`, matched as they were lower-cased when written): null when there are more than
 * `SEARCH_KEYS_CAP`. They go to the search as values PostgreSQL sees when it plans, so a rare address
 * is read through the recipient index (497 messages of 3M for one farmer) and a common one by reading
 * messages in the page's order until the page is full. An array it could not see made it walk 300,000
 * messages for the rare one (decision 69).
 */
async function searchedRecipients(db: Db, search: string): Promise<string[] | null> {
  const rows = await recipientsLike(db, { pattern: containsPattern(search) });
  return fewKeys(rows.map((r) => r.recipient));
}

/** The list's filters; `recipients` from `searchedRecipients` when it searches. */
function whereOf(
  query: Omit<MessageListQuery, "limit" | "offset">,
  recipients: string[] | null = [],
): SQL | undefined {
  const pattern = query.search && containsPattern(query.search);
  return and(
    query.status ? statusIs(query.status) : undefined,
    query.channel ? eq(outbox.channel, query.channel) : undefined,
    query.orderId ? eq(outbox.orderId, query.orderId) : undefined,
    pattern
      ? or(
          recipients ? inArray(outbox.recipient, recipients) : ilike(outbox.recipient, pattern),
          ilike(outbox.subject, pattern),
        )
      : undefined,
  );
}

/** The list's order: each of the sort's columns, then the id, all one way (`messageSortColumns`). */
export function messageOrder(query: MessageListQuery): SQL[] {
  const direction = query.order === "asc" ? asc : desc;
  return [...messageSortColumns[query.sort], outbox.id].map((column) => direction(column));
}

/**
 * A page of the messages list and how many messages its filters match (`withTotal`), newest first by default,
 * as staff look for what just went out. The addresses a search names are read once, for both, and a
 * search's last page is its own total (`searchPage`).
 */
export function messageListPage(
  ctx: AppContext,
  query: MessageListQuery,
): [Promise<Message[]>, Promise<ListTotal>] {
  const { search } = query;
  if (!search) return [listMessages(ctx, query, []), countMatching(ctx, outbox, whereOf(query, []))];
  return searchPage(
    ctx.database.read((db) => searchedRecipients(db, search)),
    query,
    (found) => listMessages(ctx, query, found),
    (found) => countMatching(ctx, outbox, whereOf(query, found), { search: true }),
  );
}

function listMessages(
  ctx: AppContext,
  query: MessageListQuery,
  recipients: string[] | null,
): Promise<Message[]> {
  const showSecrets = ctx.config.demoMode;
  // Without a search or order, and with at most one of a channel and a status, a prepared page (`messagePage`,
  // `messageStatusPage`); the others are built for their filter.
  if (!query.search && !query.orderId && !(query.status && query.channel)) {
    const { status } = query;
    return ctx.database.read(async (db) => {
      const rows = status ? await messageStatusPage(db, { ...query, status }) : await messagePage(db, query);
      for (const m of rows) m.body = shownBody(m.kind, m.body, showSecrets);
      return rows;
    });
  }
  return ctx.database.read(async (db) =>
    (
      await db
        .select()
        .from(outbox)
        .where(whereOf(query, recipients))
        .orderBy(...messageOrder(query))
        .limit(query.limit)
        .offset(query.offset)
    ).map((row) => toMessage(row, showSecrets)),
  );
}

/**
 * How many messages each status holds, each counted to at most the lists' cap and one more, through an
 * index (a status's own, or the kept messages' partial one), so the page costs the same at any outbox size.
 * A status this instance just found over the cap is not counted again (`seenOverCap`): its subquery is left
 * out when its flag is true.
 */
const countsStatement = prepared<Record<MessageStatus, boolean>, Record<MessageStatus, number>>(
  "message_counts",
  (p) =>
    sql`select ${sql.join(
      messageStatuses.map(
        (status) =>
          sql`case when ${p[status]}::boolean then ${sql.raw(String(LIST_TOTAL_CAP + 1))} else (select count(*) from (select 1 from ${outbox} where ${statusIs(status)} limit ${sql.raw(String(LIST_TOTAL_CAP + 1))}) m)::int end as ${sql.identifier(status)}`,
      ),
      sql`, `,
    )}`.inlineParams(),
);

/** What a status's count is remembered by when over the cap. */
const countKeys = Object.fromEntries(
  messageStatuses.map((status) => [status, `outbox ${sqlKey(statusIs(status))}`]),
) as Record<MessageStatus, string>;

export function messageCounts(ctx: AppContext): Promise<MessageCounts> {
  const skip = Object.fromEntries(
    messageStatuses.map((status) => [status, seenOverCap(ctx, countKeys[status])]),
  ) as Record<MessageStatus, boolean>;
  return ctx.database.read(async (db) => {
    const [row] = await countsStatement(db, skip);
    return Object.fromEntries(
      messageStatuses.map((status) => [status, noteCount(ctx, countKeys[status], row![status])]),
    ) as MessageCounts;
  });
}

/** Puts a failed message back in the queue with fresh tries; it keeps its idempotency key. */
export function resendMessage(ctx: AppContext, id: number): Promise<Message> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const [row] = await db
      .update(outbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null })
      .where(and(eq(outbox.id, id), eq(outbox.status, "failed")))
      .returning();
    if (row) return toMessage(row, ctx.config.demoMode);
    const [existing] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
    if (!existing) throw notFound("Message");
    throw conflict(`Only a failed message can be resent; this one is ${existing.status}`);
  });
}

/** Africa's Talking's final states; the others (Sent, Submitted, Buffered) leave the message as sent. */
const deliveredStates = new Set(["Success"]);
const failedStates = new Set(["Failed", "Rejected", "AbsentSubscriber", "Expired"]);

/**
 * Applies an Africa's Talking delivery report to the SMS it names. Answers whether a message matched; a
 * report never takes a message back from delivered or failed.
 */
export async function applyDeliveryReport(
  ctx: AppContext,
  report: { id: string; status: string; failureReason?: string },
): Promise<boolean> {
  const now = ctx.clock.now();
  const delivered = deliveredStates.has(report.status);
  const failed = failedStates.has(report.status);
  return ctx.database.tx(async (db) => {
    const match = and(eq(outbox.channel, "sms"), eq(outbox.providerMessageId, report.id));
    if (delivered || failed) {
      const [row] = await db
        .update(outbox)
        .set(
          delivered
            ? { status: "delivered", deliveredAt: now }
            : { status: "failed", lastError: `Not delivered: ${report.failureReason || report.status}` },
        )
        .where(and(match, inArray(outbox.status, ["pending", "sent"])))
        .returning({ id: outbox.id });
      if (row) return true;
    }
    // A report that changed nothing (an interim state, or one past a final state) still says if it was ours.
    const [known] = await db.select({ id: outbox.id }).from(outbox).where(match);
    return known !== undefined;
  });
}
