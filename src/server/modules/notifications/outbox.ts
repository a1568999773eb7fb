import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Language } from "../../../contract/languages";
import type { MessageChannel, MessageKind, NotifyChannel } from "../../../contract/messages";
import { kenyanMobileE164 } from "../../../contract/primitives";
import { type Db, prepared } from "../../db/adapter";
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
    | "kept"
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
  const column = <T>(value: (row: OutboxInsert) => T) => rows.map(value);
  return insertMessages(db, {
    kind: column((r) => r.kind),
    channel: column((r) => r.channel),
    recipient: column((r) => r.recipient),
    language: column((r) => r.language),
    subject: column((r) => r.subject),
    body: column((r) => r.body),
    html: column((r) => r.html),
    nextAttemptAt: column((r) => r.nextAttemptAt?.toISOString() ?? null),
    idempotencyKey: column((r) => r.idempotencyKey),
    dedupeKey: column((r) => r.dedupeKey),
    orderId: column((r) => r.orderId),
    userId: column((r) => r.userId),
    createdAt: column((r) => r.createdAt.toISOString()),
  }).then((written) => written.length);
}

/**
 * One array per column, unnested: the statement is the same text and 13 parameters for any number of
 * messages, so it is prepared once. Arrays go as text and are cast here, as the drivers know nothing of the
 * enum array types.
 */
const insertMessages = prepared<{ [K in keyof OutboxInsert]: unknown[] }, { id: number }>(
  "insert_messages",
  (p) => sql`insert into ${outbox} (kind, channel, recipient, language, subject, body, html, next_attempt_at,
                               idempotency_key, dedupe_key, order_id, user_id, created_at)
      select kind::message_kind, channel::message_channel, recipient, language::language, subject, body, html,
             next_attempt_at, idempotency_key, dedupe_key, order_id, user_id, created_at
      from unnest(${p.kind}::text[], ${p.channel}::text[], ${p.recipient}::text[], ${p.language}::text[],
                  ${p.subject}::text[], ${p.body}::text[], ${p.html}::text[], ${p.nextAttemptAt}::timestamptz[],
                  ${p.idempotencyKey}::text[], ${p.dedupeKey}::text[], ${p.orderId}::int[], ${p.userId}::int[],
                  ${p.createdAt}::timestamptz[])
        as m(kind, channel, recipient, language, subject, body, html, next_attempt_at, idempotency_key,
             dedupe_key, order_id, user_id, created_at)
      on conflict (dedupe_key) where dedupe_key is not null do nothing
      returning id`,
);

export const enqueueMessage = (db: Db, m: Enqueue) => writeMessages(db, messageRows(m));
