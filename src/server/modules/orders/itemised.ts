import type { z } from "zod";
import { type itemisedOrderInputSchema, type Order, serviceKindLabels } from "../../../contract/orders";
import { can, type Role } from "../../../contract/roles";
import type { AppContext } from "../../context";
import { validationError } from "../../errors";
import { salesDiscountLimit } from "../settings/discounts";
import { placeOrder } from "./place";
import { deliveryDate, toOrder } from "./service";

/**
 * A staff order with lines: the customer by id, products priced from the catalogue, services at their
 * agreed amount, placed by `placeOrder`. A Director (`pricing`) gives any discount; others up to the Sales
 * Manager's limit in settings, and above it the order waits for a Director's approval.
 */
export function createItemisedOrder(
  ctx: AppContext,
  input: z.output<typeof itemisedOrderInputSchema>,
  actor: { id: number; role: Role },
): Promise<Order> {
  const now = ctx.clock.now();
  const expectedDeliveryDate = deliveryDate(input.expectedDeliveryDate, now);
  const discountPct = Math.max(0, ...input.lines.map((l) => l.discountPct));
  return ctx.database.tx(async (db) => {
    // The limit is read only for a discount a Director did not give.
    const overLimit =
      discountPct > 0 && !can(actor.role, "pricing") && discountPct > (await salesDiscountLimit(db));
    const { last } = await placeOrder(db, now, {
      buyer: { kind: "customer", customerId: input.customerId },
      products: input.lines.map((l) => ({
        id: l.inventoryItemId,
        quantity: l.quantity,
        discountPct: l.discountPct,
      })),
      services: input.services.map((s) => {
        const label = serviceKindLabels[s.service];
        return {
          name: s.description ? `${label}: ${s.description}` : label,
          amountKes: s.amountKes,
          kind: s.service,
        };
      }),
      notForSale: (ids) => {
        const i = input.lines.findIndex((l) => ids.includes(l.inventoryItemId));
        return validationError("A product on the order is not for sale", {
          [`lines.${i}.inventoryItemId`]: "This product is not for sale",
        });
      },
      expectedDeliveryDate,
      notes: input.notes,
      createdBy: actor.id,
      discountOverLimit: overLimit,
    });
    return toOrder(await last);
  });
}
