import { sql } from "drizzle-orm";
import type { Message, MessageListQuery } from "../../../contract/messages";
import { answerOf, isoText } from "../../db/adapter";
import { outbox } from "../../db/schema";
import { filteredPages } from "../../http/list-pages";

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
