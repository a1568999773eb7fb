import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Language } from "../../../contract/languages";
import type { MessageChannel, MessageKind, NotifyChannel } from "../../../contract/messages";
import { kenyanMobileE164 } from "../../../contract/primitives";
import { type Db, rowsOf } from "../../db/database";
import { outbox } from "../../db/schema";
import { type MessageFacts, renderMessage } from "./templates";

/** Someone a message can reach, and how they want to be reached. */
export interface Reader {
  name: string;
  phone: string | null;
  email: string | null;
  language: Language;
  notifyBy: NotifyChannel;
  userId: number | null;
}

export interface Enqueue {
  kind: MessageKind;
  reader: Reader;
  facts: Omit<MessageFacts, "name">;
  now: Date;
  orderId?: number | null;
  /** Writes nothing when a message with this key (per channel) was already written. */
  dedupeKey?: string;
  /** Overrides the reader's choice: alarms go by SMS, digests by email. */
  channels?: MessageChannel[];
}

/** One outbox row as written: every message starts pending, unsent, with no attempts. */
type OutboxInsert = Required<
  Omit<
    typeof outbox.$inferInsert,
    | "id"
    | "status"
    | "attempts"
    | "lockedUntil"
    | "lastError"
    | "providerMessageId"
    | "sentAt"
    | "deliveredAt"
  >
>;

/** The reader's rows for one message: one per channel they chose (or `channels`) and can be reached on. */
export function messageRows(m: Enqueue): OutboxInsert[] {
  const { reader } = m;
  const wanted: MessageChannel[] =
    m.channels ?? (reader.notifyBy === "both" ? ["sms", "email"] : [reader.notifyBy]);
  const rendered = renderMessage(m.kind, reader.language, { ...m.facts, name: reader.name });
  const phone = reader.phone ? kenyanMobileE164(reader.phone) : null;
  return wanted.flatMap((channel) => {
    const recipient = channel === "sms" ? phone : reader.email;
    if (!recipient) return [];
    return [
      {
        kind: m.kind,
        channel,
        recipient,
        language: reader.language,
        subject: channel === "email" ? rendered.subject : null,
        body: channel === "sms" ? rendered.sms : rendered.text,
        html: channel === "email" ? rendered.html : null,
        nextAttemptAt: m.now,
        idempotencyKey: randomUUID(),
        dedupeKey: m.dedupeKey ? `${m.dedupeKey}:${channel}` : null,
        orderId: m.orderId ?? null,
        userId: reader.userId,
        createdAt: m.now,
      },
    ];
  });
}

/**
 * Writes messages into the outbox, in the caller's transaction, in one statement. Nothing is sent here:
 * the dispatcher sends after commit, so a rolled-back event never sends and a committed one always has its
 * message. Rows whose dedupe key was written before are skipped. Answers how many were written.
 */
export function writeMessages(db: Db, rows: OutboxInsert[]): Promise<number> {
  if (rows.length === 0) return Promise.resolve(0);
  const column = <T>(value: (row: OutboxInsert) => T) => sql.param(rows.map(value));
  // One array per column, unnested: the statement is the same text and 13 parameters for any number of
  // messages, where a row of values per message cost the app's thread a tenth of an order's placement to
  // build. Arrays go as text and are cast here, as the drivers know nothing of the enum array types.
  // Sent at once (`rowsOf`), not when awaited: statements sent together keep the order they are written in.
  return rowsOf(
    db,
    sql`insert into ${outbox} (kind, channel, recipient, language, subject, body, html, next_attempt_at,
                               idempotency_key, dedupe_key, order_id, user_id, created_at)
      select kind::message_kind, channel::message_channel, recipient, language::language, subject, body, html,
             next_attempt_at, idempotency_key, dedupe_key, order_id, user_id, created_at
      from unnest(${column((r) => r.kind)}::text[], ${column((r) => r.channel)}::text[],
                  ${column((r) => r.recipient)}::text[], ${column((r) => r.language)}::text[],
                  ${column((r) => r.subject)}::text[], ${column((r) => r.body)}::text[],
                  ${column((r) => r.html)}::text[], ${column((r) => r.nextAttemptAt?.toISOString() ?? null)}::timestamptz[],
                  ${column((r) => r.idempotencyKey)}::text[], ${column((r) => r.dedupeKey)}::text[],
                  ${column((r) => r.orderId)}::int[], ${column((r) => r.userId)}::int[],
                  ${column((r) => r.createdAt.toISOString())}::timestamptz[])
        as m(kind, channel, recipient, language, subject, body, html, next_attempt_at, idempotency_key,
             dedupe_key, order_id, user_id, created_at)
      on conflict (dedupe_key) where dedupe_key is not null do nothing
      returning id`,
  ).then((written) => written.length);
}

export const enqueueMessage = (db: Db, m: Enqueue) => writeMessages(db, messageRows(m));
