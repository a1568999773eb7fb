import type { z } from "zod";
import type { approveInputSchema, PendingOrder, rejectInputSchema } from "../../../contract/client";
import type { Order, pendingOrderQuery } from "../../../contract/orders";
import type { AppContext } from "../../context";
import { nairobiNoonAfter } from "../../time";
import { orderCount } from "../finance/figures";
import { pendingOrderPage } from "./pending-page";
import { type Actor, changeOrderStatus } from "./process";
import { toOrder } from "./service";

/** Exact at any size: the per-status order totals. */
export const countPendingOrders = (ctx: AppContext) => ctx.database.read((db) => orderCount(db, "pending"));

/** Orders awaiting a decision: oldest first (first come, first served), unless the approver sorts them. */
export function listPendingOrders(
  ctx: AppContext,
  page: z.output<typeof pendingOrderQuery>,
): Promise<PendingOrder[]> {
  return ctx.database.read((db) => pendingOrderPage(db, page));
}

/** Approves a pending order: estimated delivery = now + days; the approver is the signed-in user. */
export function approveOrder(
  ctx: AppContext,
  id: number,
  input: z.output<typeof approveInputSchema>,
  actor: Actor,
): Promise<Order> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const row = await changeOrderStatus(db, id, {
      to: "approved",
      actor,
      now,
      reason: [`Delivery in ${input.estimatedDays} day${input.estimatedDays === 1 ? "" : "s"}`, input.notes]
        .filter(Boolean)
        .join(". "),
      expectedDeliveryDate: nairobiNoonAfter(now, input.estimatedDays),
      approval: {
        notes: input.notes,
        onCredit: input.onCredit === true,
      },
      clientNote: input.clientNote || null,
    });
    return toOrder(row);
  });
}

/**
 * Rejects a pending order, releasing its stock: the reason is what the client is told, the internal note
 * stays with staff, and money it holds is refunded now or left due as `input.refund` says.
 */
export function rejectOrder(
  ctx: AppContext,
  id: number,
  input: z.output<typeof rejectInputSchema>,
  actor: Actor,
): Promise<Order> {
  return ctx.database.tx(async (db) =>
    toOrder(
      await changeOrderStatus(db, id, {
        to: "rejected",
        actor,
        now: ctx.clock.now(),
        reason: [input.reason, input.internalNote].filter(Boolean).join(". "),
        clientNote: input.reason,
        refund: input.refund,
      }),
    ),
  );
}
