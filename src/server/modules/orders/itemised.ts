import type { z } from "zod";
import { productName } from "../../../contract/client";
import { kesToUsd } from "../../../contract/money";
import {
  discountedPrice,
  type itemisedOrderInputSchema,
  type Order,
  serviceKindLabels,
} from "../../../contract/orders";
import type { AppContext } from "../../context";
import { together } from "../../db/adapter";
import { forbidden, validationError } from "../../errors";
import { orderableItems } from "../client/catalogue";
import { findCustomer } from "../customers/lookup";
import { deliveryDate, insertOrder, type NewOrder, orderFirstReads, toOrder } from "./service";

/**
 * A staff order with lines: the customer by id, every product priced from the catalogue (a discount needs
 * the pricing permission), services at their agreed amount. insertOrder reserves the products' stock in
 * the same transaction, as for a client's order; a short item answers 409 and nothing is kept.
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
    const [customer, items, first] = await together([
      findCustomer(db, { customerId: input.customerId }),
      orderableItems(db, { ids: input.lines.map((l) => l.inventoryItemId) }),
      orderFirstReads(db, now),
    ]);
    const lines: NonNullable<NewOrder["lines"]> = input.lines.map((line, i) => {
      const item = items.find((it) => it.id === line.inventoryItemId);
      if (!item) {
        throw validationError("A product on the order is not for sale", {
          [`lines.${i}.inventoryItemId`]: "This product is not for sale",
        });
      }
      const unitPriceKes = discountedPrice(item.costPerUnit, line.discountPct);
      const discount = line.discountPct > 0 ? ` (${line.discountPct}% discount)` : "";
      return {
        inventoryItemId: item.id,
        quantity: line.quantity,
        productName: `${productName(item)}${discount}`,
        breed: item.breedName,
        unitPriceKes,
      };
    });
    for (const s of input.services) {
      const label = serviceKindLabels[s.service];
      lines.push({
        inventoryItemId: null,
        quantity: 1,
        productName: s.description ? `${label}: ${s.description}` : label,
        breed: null,
        unitPriceKes: s.amountKes,
      });
    }
    const total = lines.reduce((sum, l) => sum + l.unitPriceKes * l.quantity, 0);
    const types = new Set(input.lines.map((l) => items.find((it) => it.id === l.inventoryItemId)!.type));
    const order = await insertOrder(db, now, {
      ...first,
      source: "staff",
      customer,
      // Services alone, or embryos with semen, make a mixed order; the lines say exactly what.
      orderType: types.size === 1 && input.services.length === 0 ? [...types][0]! : "mixed",
      totalAmountKes: total,
      totalAmountUsd: kesToUsd(total),
      currency: "KES",
      expectedDeliveryDate,
      notes: input.notes,
      lines,
      createdBy: actor.id,
      notify: { bank: ctx.config.bank },
    });
    return toOrder(order);
  });
}
