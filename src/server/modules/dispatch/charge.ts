import { eq } from "drizzle-orm";
import { normaliseMpesaPhone } from "../../../contract/payments";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { cows, serviceRequests, users } from "../../db/schema";
import { conflict } from "../../errors";
import { placeOrder } from "../orders/place";
import { startMpesaPayment } from "../payments/service";

type RequestRow = typeof serviceRequests.$inferSelect;

/** What the visit is on the invoice: its service kind there, and its words. */
const lineOf = {
  ai: { kind: "artificial_insemination", name: "AI visit" },
  pd: { kind: "consultation", name: "Pregnancy check visit" },
} as const;

/**
 * A visit done is charged: one order for the farmer with the visit as a service line at the price it was
 * booked at, placed through the one order placement, in the transaction that closes the visit. A free
 * visit places none. The cap on unpaid orders is about holding stock; a service already given holds none,
 * so it never refuses this one. Answers the order's id, or null.
 */
export async function chargeVisit(
  ctx: AppContext,
  db: Db,
  visit: RequestRow,
  now: Date,
): Promise<number | null> {
  if (visit.priceKes <= 0) return null;
  const [user] = await db.select().from(users).where(eq(users.id, visit.clientUserId));
  const [cow] = await db
    .select({ tag: cows.tag, name: cows.name })
    .from(cows)
    .where(eq(cows.id, visit.cowId));
  if (!user?.customerId) return null;
  const line = lineOf[visit.kind];
  const { last } = await placeOrder(db, now, {
    buyer: {
      kind: "client",
      user,
      holds: { ...ctx.config.holds, maxOpenUnpaidOrders: Number.POSITIVE_INFINITY },
      address: [visit.ward, visit.county].filter(Boolean).join(", "),
    },
    products: [],
    services: [
      {
        name: `${line.name}: ${cow?.name ? `${cow.name} (${cow.tag})` : cow?.tag}`,
        amountKes: visit.priceKes,
        kind: line.kind,
      },
    ],
    notForSale: () => conflict("A visit has no products"),
    paymentMethod: "mpesa",
    notes: `Service visit ${visit.id}`,
    createdBy: null,
    holdExpiresAt: null,
  });
  const order = await last;
  await db.update(serviceRequests).set({ orderId: order.id }).where(eq(serviceRequests.id, visit.id));
  return order.id;
}

/** Closes a visit as done and charges it, in the caller's transaction; answers the row and its order. */
export async function finishVisit(ctx: AppContext, db: Db, visit: RequestRow, now: Date) {
  const [done] = await db
    .update(serviceRequests)
    .set({ status: "done", doneAt: now, updatedAt: now })
    .where(eq(serviceRequests.id, visit.id))
    .returning();
  const orderId = await chargeVisit(ctx, db, done!, now);
  return { visit: { ...done!, orderId }, orderId };
}

/**
 * After the visit's transaction: the M-Pesa prompt for its order goes to the phone the farmer gave for the
 * visit. A prompt that cannot be sent leaves the order unpaid on the farmer's order page, to pay from there.
 */
export async function promptForVisit(
  ctx: AppContext,
  visit: RequestRow,
  orderId: number | null,
): Promise<void> {
  const phone = normaliseMpesaPhone(visit.phone);
  if (orderId === null || !phone) return;
  try {
    await startMpesaPayment(ctx, visit.clientUserId, orderId, phone);
  } catch {
    // Logged by the payment itself (failed); the farmer pays from the order page.
  }
}
