import type { z } from "zod";
import { type itemisedOrderInputSchema, type Order, serviceKindLabels } from "../../../contract/orders";
import type { AppContext } from "../../context";
import { forbidden, validationError } from "../../errors";
import { placeOrder } from "./place";
import { deliveryDate, toOrder } from "./service";

/**
 * A staff order with lines: the customer by id, products priced from the catalogue (a discount needs the
 * pricing permission), services at their agreed amount, placed by `placeOrder`.
 */
export function createItemisedOrder(
  ctx: AppContext,
  input: z.output<typeof itemisedOrderInputSchema>,
  actor: { id: number; mayDiscount: boolean },
): Promise<Order> {
  if (!actor.mayDiscount && input.lines.some((l) => l.discountPct > 0)) {
    throw forbidden("Discounts need the pricing permission");
  }
  const now = ctx.clock.now();
  const expectedDeliveryDate = deliveryDate(input.expectedDeliveryDate, now);
  return ctx.database.tx(async (db) => {
    const { last } = await placeOrder(db, now, {
      buyer: { kind: "customer", customerId: input.customerId },
      products: input.lines.map((l) => ({
        id: l.inventoryItemId,
        quantity: l.quantity,
        discountPct: l.discountPct,
      })),
      services: input.services.map((s) => {
        const label = serviceKindLabels[s.service];
        return { name: s.description ? `${label}: ${s.description}` : label, amountKes: s.amountKes };
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
      bank: ctx.config.bank,
    });
    return toOrder(await last);
  });
}
