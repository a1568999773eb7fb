import { asc } from "drizzle-orm";
import type { ServiceKind, ServicePrice } from "../../../contract/service-requests";
import type { AppContext } from "../../context";
import { servicePrices } from "../../db/schema";

/** GET /api/service-prices: the service list, for the booking form and the board. */
export const listServicePrices = (ctx: AppContext): Promise<ServicePrice[]> =>
  ctx.database.read((db) =>
    db
      .select({ kind: servicePrices.kind, priceKes: servicePrices.priceKes })
      .from(servicePrices)
      .orderBy(asc(servicePrices.kind)),
  );

/** PUT /api/service-prices/:kind: a new price for new requests; those already made keep theirs. */
export const setServicePrice = (
  ctx: AppContext,
  kind: ServiceKind,
  priceKes: number,
): Promise<ServicePrice> =>
  ctx.database.tx(async (db) => {
    const [row] = await db
      .insert(servicePrices)
      .values({ kind, priceKes, updatedAt: ctx.clock.now() })
      .onConflictDoUpdate({ target: servicePrices.kind, set: { priceKes, updatedAt: ctx.clock.now() } })
      .returning({ kind: servicePrices.kind, priceKes: servicePrices.priceKes });
    return row!;
  });
