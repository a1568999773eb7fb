import { and, eq, gte } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  canMovePayment,
  type PaymentRecordStatus,
  paymentRecordStatuses,
  paymentTransitions,
} from "../../../contract/payments";
import type { Db } from "../../db/adapter";
import { orders, payments } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { confirmPayment, failPayment } from "../finance/ledger";
import { refundPayment } from "../finance/refunds";

withTestApp({ demoCatalogue: false });
let orderId: number;
let directorId: number;
beforeAll(async () => {
  [orderId, directorId] = await t.database.read(async (db) => {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending"),
          eq(orders.paymentStatus, "unpaid"),
          gte(orders.totalAmountKes, 1000),
        ),
      )
      .limit(1);
    const [staff] = await db.query.users.findMany({ where: (u, { eq }) => eq(u.role, "director"), limit: 1 });
    return [order!.id, staff!.id];
  });
});

/** The command that moves a payment to `to` (nothing moves one back to pending: a new attempt is a new row). */
async function move(db: Db, id: number, to: Exclude<PaymentRecordStatus, "pending">): Promise<unknown> {
  const now = t.clock.now();
  const [payment] = await db.select().from(payments).where(eq(payments.id, id));
  const left = payment!.amountKes - payment!.refundedKes;
  switch (to) {
    case "paid":
      return confirmPayment(db, payment!, { receipt: `R${id}`, paidAmountKes: 100, paidAt: now, now });
    // Each payment is KES 100: 20 back leaves it part-refunded, all that is left refunds it.
    case "part_refunded":
      return refundPayment(
        db,
        id,
        { amountKes: 20, reason: "Transitions test", reference: null },
        directorId,
        now,
      );
    case "refunded":
      return refundPayment(
        db,
        id,
        { amountKes: Math.max(left, 1), reason: "Transitions test", reference: null },
        directorId,
        now,
      );
    default:
      return failPayment(db, id, to, { resultCode: 1, resultDesc: "Transitions test", now });
  }
}

describe("the payment state machine", () => {
  it("is the one in the contract: pending to paid, failed, cancelled or expired; expired to paid; paid to part-refunded or refunded", () => {
    expect(paymentTransitions).toEqual({
      pending: ["paid", "failed", "cancelled", "expired"],
      expired: ["paid"],
      paid: ["part_refunded", "refunded"],
      part_refunded: ["part_refunded", "refunded"],
      failed: [],
      cancelled: [],
      refunded: [],
    });
  });

  const pairs = paymentRecordStatuses.flatMap((from) =>
    paymentRecordStatuses
      .filter((to): to is Exclude<PaymentRecordStatus, "pending"> => to !== "pending")
      .map((to) => [from, to] as const),
  );
  it.each(pairs)("moves a payment from %s to %s only where the table allows it", async (from, to) => {
    const now = t.clock.now();
    const id = await t.database.tx(async (db) => {
      const [row] = await db
        .insert(payments)
        // A paid one made here is flagged, so it counts toward nothing the order's totals must respect.
        .values({
          orderId,
          method: "mpesa",
          amountKes: 100,
          status: from,
          // A part-refunded one has 40 of its 100 back.
          refundedKes: from === "part_refunded" ? 40 : from === "refunded" ? 100 : 0,
          needsReview: from === "paid" || from === "part_refunded",
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: payments.id });
      return row!.id;
    });
    const refusal = await t.database
      .tx((db) => move(db, id, to))
      .then(
        () => null,
        (error: { statusCode?: number }) => error.statusCode,
      );
    const [after] = await t.database.read((db) =>
      db.select({ status: payments.status }).from(payments).where(eq(payments.id, id)),
    );
    expect(after!.status).toBe(canMovePayment(from, to) ? to : from);
    // Refused refunds answer 409; other refused moves move nothing (a callback for a payment already settled).
    const refund = to === "refunded" || to === "part_refunded";
    expect(refusal).toBe(refund && !canMovePayment(from, to) ? 409 : null);
  });
});
