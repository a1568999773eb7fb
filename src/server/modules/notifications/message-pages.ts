import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Message, MessageListQuery, MessageStatus } from "../../../contract/messages";
import { answerOf, type Db, isoText, type Placeholders } from "../../db/adapter";
import { outbox } from "../../db/schema";
import { filteredPages, sortedPages } from "../../http/list-pages";

type MessageSort = NonNullable<MessageListQuery["sort"]>;
type MessageChannel = NonNullable<MessageListQuery["channel"]>;

/**
 * The columns of each declared sort. By status, a status's messages come by time (then id), so the status
 * index, whose every message write already pays for it, holds the order.
 */
export const messageSortColumns = {
  createdAt: [outbox.createdAt],
  status: [outbox.status, outbox.createdAt],
} satisfies Record<MessageSort, unknown>;

const o = outbox;

/**
 * A message as staff see it (`toMessage`), but for the body of a message that carries a one-time link, which
 * the app hides. The HTML of an email is never read: the list does not show it.
 */
const answer = sql`${answerOf({
  id: o.id,
  kind: o.kind,
  channel: o.channel,
  recipient: o.recipient,
  language: o.language,
  subject: o.subject,
  body: o.body,
})}, case when ${o.status} = 'sent' and ${o.kept} then 'kept' else ${o.status}::text end as status,
  ${answerOf({
    attempts: o.attempts,
    lastError: o.lastError,
    providerMessageId: o.providerMessageId,
    orderId: o.orderId,
    createdAt: o.createdAt,
    sentAt: o.sentAt,
    deliveredAt: o.deliveredAt,
  })}, case when ${o.status} = 'pending' then ${isoText(o.nextAttemptAt)} end as "nextAttemptAt"`;

/**
 * The messages screen's page without a search, status or order, of every channel or of one, prepared
 * (`filteredPages`): Drizzle built it, and PGlite parsed its rows on the database's thread (decision 51,
 * "Later").
 */
export const messagePage = filteredPages<MessageSort, "channel", MessageChannel, Message>(
  "message_page",
  messageSortColumns,
  o.id,
  sql`select ${answer} from ${o}`,
  { key: "channel", column: o.channel },
);

/** A status as staff see it, in the outbox's terms: kept and sent are both sent, told apart by `kept`. */
export function statusIs(status: MessageStatus): SQL {
  if (status === "kept") return and(eq(o.status, "sent"), eq(o.kept, true))!;
  if (status === "sent") return and(eq(o.status, "sent"), eq(o.kept, false))!;
  return eq(o.status, status);
}

/** Pages of the messages `where` picks, in each sort and order (`sortedPages`). */
const pagesWhere = <P extends object>(name: string, where: (p: Placeholders<P>) => SQL) =>
  sortedPages<MessageSort, P, Message>(
    name,
    messageSortColumns,
    o.id,
    (p) => sql`select ${answer} from ${o} where ${where(p)}`,
  );

/**
 * Kept and sent each have pages of their own, their status written in (not a value), so the kept messages'
 * partial index serves theirs. A plan for either from one statement walked every sent message to find none
 * kept.
 */
const keptPages = pagesWhere("message_page_kept", () => statusIs("kept").inlineParams());
const sentPages = pagesWhere("message_page_sent", () => statusIs("sent").inlineParams());
const otherPages = pagesWhere<{ status: string }>(
  "message_page_status",
  (p) => sql`${o.status} = ${p.status}::message_status`,
);

/**
 * The messages screen's page of one status as staff see it (of every channel), prepared as `messagePage`
 * is: a failed message's list was planned at each call, which on PGlite cost more than reading its page.
 */
export function messageStatusPage(
  db: Db,
  query: Pick<MessageListQuery, "sort" | "order" | "limit" | "offset"> & { status: MessageStatus },
): Promise<Message[]> {
  if (query.status === "kept") return keptPages(db, query);
  if (query.status === "sent") return sentPages(db, query);
  return otherPages(db, query);
}
