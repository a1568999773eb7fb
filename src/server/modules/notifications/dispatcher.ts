import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { MessageChannel } from "../../../contract/messages";
import type { AppContext } from "../../context";
import { outbox } from "../../db/schema";
import { attachmentsFor } from "../invoices/attachments";
import { SendError, type Transport } from "./transport";

export type Transports = Record<MessageChannel, Transport>;

/** How long a dispatcher owns the messages it claimed; after that (it crashed) another may try them. */
export const CLAIM_MS = 2 * 60_000;
/** The wait before try n+1: 1, 2, 4, 8… minutes, at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

export interface DispatchResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends the messages that are due. Each is claimed first in one statement (`FOR UPDATE SKIP LOCKED`, then a
 * lease in `locked_until`), so two dispatchers on one database never take the same message, and one that
 * dies mid-send leaves it to be tried again once the lease runs out: at-least-once, with the same
 * idempotency key each time. The try is counted when claimed, so a message that crashes its sender still
 * runs out of tries.
 */
export async function dispatchMessages(
  ctx: AppContext,
  transports: Transports,
  batch = 20,
): Promise<DispatchResult> {
  const now = ctx.clock.now();
  const claimed = await ctx.database.tx((db) => {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, "pending"),
          lte(outbox.nextAttemptAt, now),
          or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(batch)
      .for("update", { skipLocked: true });
    return db
      .update(outbox)
      .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning();
  });

  const result: DispatchResult = { sent: 0, retrying: 0, failed: 0 };
  // All at once: each send is bounded by its transport's timeout (well under the lease), so no claim runs
  // out while its message waits behind others in the batch.
  await Promise.all(
    claimed.map(async (message) => {
      try {
        const transport = transports[message.channel];
        const attachments = message.channel === "email" ? await attachmentsFor(ctx, message) : undefined;
        const { providerMessageId } = await transport.send({ ...message, attachments });
        await ctx.database.tx((db) =>
          db
            .update(outbox)
            .set({
              status: "sent",
              kept: transport.keeps === true,
              providerMessageId,
              sentAt: ctx.clock.now(),
              lockedUntil: null,
              nextAttemptAt: null,
              lastError: null,
            })
            .where(and(eq(outbox.id, message.id), eq(outbox.status, "pending"))),
        );
        result.sent++;
      } catch (error) {
        const permanent = error instanceof SendError && error.permanent;
        const givingUp = permanent || message.attempts >= ctx.config.messaging.maxAttempts;
        const at = ctx.clock.now();
        await ctx.database.tx((db) =>
          db
            .update(outbox)
            .set({
              status: givingUp ? "failed" : "pending",
              lastError: (error as Error).message.slice(0, 500),
              lockedUntil: null,
              nextAttemptAt: givingUp ? null : new Date(at.getTime() + retryDelayMs(message.attempts)),
            })
            .where(and(eq(outbox.id, message.id), eq(outbox.status, "pending"))),
        );
        if (givingUp) result.failed++;
        else result.retrying++;
      }
    }),
  );
  return result;
}

/**
 * Sends batches until the outbox has nothing due (or `maxRounds` batches went), so a burst of orders is
 * sent in one beat rather than 20 messages a beat. Answers the totals.
 */
export async function drainOutbox(
  ctx: AppContext,
  transports: Transports,
  { batch = 20, maxRounds = 50 } = {},
): Promise<DispatchResult> {
  const total: DispatchResult = { sent: 0, retrying: 0, failed: 0 };
  for (let round = 0; round < maxRounds; round++) {
    const r = await dispatchMessages(ctx, transports, batch);
    total.sent += r.sent;
    total.retrying += r.retrying;
    total.failed += r.failed;
    if (r.sent + r.retrying + r.failed < batch) break;
  }
  return total;
}
