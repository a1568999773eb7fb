import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Language } from "../../../contract/languages";
import type { MessageChannel, MessageKind, NotifyChannel } from "../../../contract/messages";
import { kenyanMobileE164 } from "../../../contract/primitives";
import type { Db } from "../../db/database";
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

type OutboxInsert = typeof outbox.$inferInsert;

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
        status: "pending" as const,
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
  // Sent at once (`execute`), not when awaited: statements sent together keep the order they are written in.
  return db
    .insert(outbox)
    .values(rows)
    .onConflictDoNothing({ target: outbox.dedupeKey, where: sql`${outbox.dedupeKey} is not null` })
    .returning({ id: outbox.id })
    .execute()
    .then((written) => written.length);
}

export const enqueueMessage = (db: Db, m: Enqueue) => writeMessages(db, messageRows(m));
