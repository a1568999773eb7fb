import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shipmentSorts, shipmentStatuses } from "../../../contract/shipping";
import { shipments } from "../../db/schema";
import { sortBy } from "../../http/list-sort";
import { t, withTestApp } from "../../testing/app-session";
import { expectPagesAsRead } from "../../testing/list-pages";
import { toShipment } from "./service";
import { shipmentPage, shipmentSortColumns } from "./shipment-pages";

withTestApp();

describe("the shipping screen's prepared pages", () => {
  it("answer each sort, order and status as the rows read and mapped by Drizzle", async () => {
    // Every status, dates shared by three shipments each (the tie-break decides), and nulls.
    await t.database.tx((db) =>
      db.execute(sql`insert into shipments (tracking_number, order_number, customer_name, origin, destination,
          carrier, temperature, special_instructions, status, shipped_date, expected_delivery, delivered_at,
          received_by, created_at)
        select 'PAGE-' || lpad(g::text, 3, '0'), 'ORD-PAGE-' || g, 'Shamba ' || g, 'Nakuru', 'Nyeri ' || g,
               'Courier', '-196 °C', case when g % 5 = 0 then 'Call ahead' end,
               (array['preparing','shipped','in_transit','delivered','delayed','cancelled']::shipment_status[])[1 + g % 6],
               case when g % 6 > 0 then '2026-04-01 10:00:00.5+03'::timestamptz end,
               case when g % 7 > 0 then '2026-04-05 12:00:00+03'::timestamptz + (g / 3) * interval '1 hour' end,
               case when g % 6 = 3 then '2026-04-04 16:30:00.25+03'::timestamptz end,
               case when g % 6 = 3 then 'Wanjiru' end,
               '2026-03-31 09:00:00.125+03'::timestamptz + (g / 3) * interval '1 second'
        from generate_series(1, 48) g`),
    );
    const page = { limit: 30, offset: 2 };
    const compared = await expectPagesAsRead(
      shipmentSorts,
      [undefined, ...shipmentStatuses],
      (db, { filter: status, ...query }) => shipmentPage(db, { ...query, ...page, status }),
      async (db, { filter: status, ...query }) =>
        (
          await db
            .select()
            .from(shipments)
            .where(status ? eq(shipments.status, status) : undefined)
            .orderBy(...sortBy(shipmentSortColumns, query, shipments.id))
            .limit(page.limit)
            .offset(page.offset)
        ).map(toShipment),
    );
    expect(compared).toBeGreaterThan(200);
    const delivered = await t.database.read((db) =>
      shipmentPage(db, { sort: "trackingNumber", order: "asc", status: "delivered", limit: 500, offset: 0 }),
    );
    expect(delivered.find((s) => s.trackingNumber === "PAGE-003")).toMatchObject({
      orderId: null,
      shippedDate: "2026-04-01T07:00:00.500Z",
      deliveredAt: "2026-04-04T13:30:00.250Z",
      receivedBy: "Wanjiru",
      specialInstructions: null,
    });
  });
});
