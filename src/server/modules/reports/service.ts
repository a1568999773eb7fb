import { and, asc, count, desc, eq, gte, lt, lte, ne, sql } from "drizzle-orm";
import { categoryLabels } from "../../../contract/inventory";
import { type Report, type ReportPeriod, reportPeriodDays } from "../../../contract/reports";
import type { AppContext } from "../../context";
import { customers, inventoryItems, orderLines, orders, storageUnits } from "../../db/schema";
import { DAY_MS, nairobiBuckets, nairobiDate } from "../../time";
import { isBooked, ledgerFigures } from "../finance/ledger";
import { availableStock, isLowStock } from "../inventory/low-stock";

/** Revenue here is the ledger's booked order value. */
const counted = isBooked;
const n = (v: unknown) => Number(v ?? 0);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** Everything the reports screen and its PDF show, for the chosen period, computed by SQL aggregates. */
export function buildReport(ctx: AppContext, period: ReportPeriod): Promise<Report> {
  const now = ctx.clock.now();
  const from = new Date(now.getTime() - reportPeriodDays[period] * DAY_MS);
  const inPeriod = and(gte(orders.orderDate, from), lte(orders.orderDate, now));
  const byMonth = period === "90d" || period === "1y";
  const buckets = nairobiBuckets(from, now, byMonth ? "month" : "day");
  const bucketOf = (col: typeof orders.orderDate | typeof customers.createdAt) =>
    // The format is inlined (not a bound parameter) so GROUP BY and SELECT see the same expression.
    sql<string>`to_char(${col} at time zone 'Africa/Nairobi', ${sql.raw(byMonth ? "'YYYY-MM'" : "'YYYY-MM-DD'")})`;

  return ctx.database.read(async (db) => {
    const [totals] = await db
      .select({
        revenue: sql<string>`coalesce(sum(${orders.totalAmountKes}) filter (where ${counted}), 0)`,
        orders: sql<string>`count(*) filter (where ${counted})`,
      })
      .from(orders)
      .where(inPeriod);
    const orderBucket = bucketOf(orders.orderDate);
    const seriesRows = await db
      .select({
        label: orderBucket,
        revenue: sql<string>`coalesce(sum(${orders.totalAmountKes}) filter (where ${counted}), 0)`,
        orders: sql<string>`count(*) filter (where ${counted})`,
      })
      .from(orders)
      .where(inPeriod)
      .groupBy(orderBucket)
      .orderBy(orderBucket);
    const productRows = await db
      .select({
        name: orderLines.productName,
        units: sql<string>`sum(${orderLines.quantity})`,
        revenue: sql<string>`sum(${orderLines.lineTotalKes})`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(inPeriod, counted))
      .groupBy(orderLines.productName)
      .orderBy(desc(sql`sum(${orderLines.lineTotalKes})`))
      .limit(8);
    const productTotal = productRows.reduce((s, p) => s + n(p.revenue), 0);

    const [cust] = await db
      .select({
        active: sql<string>`count(*) filter (where ${customers.isActive})`,
        created: sql<string>`count(*) filter (where ${customers.createdAt} >= ${from})`,
        before: sql<string>`count(*) filter (where ${customers.createdAt} < ${from})`,
      })
      .from(customers);
    const distribution = await db
      .select({ type: customers.type, count: count() })
      .from(customers)
      .where(eq(customers.isActive, true))
      .groupBy(customers.type)
      .orderBy(customers.type);
    const customerBucket = bucketOf(customers.createdAt);
    const joined = await db
      .select({ label: customerBucket, count: count() })
      .from(customers)
      .where(gte(customers.createdAt, from))
      .groupBy(customerBucket)
      .orderBy(customerBucket);
    let running = n(cust!.before);
    const growth = buckets.map((label) => {
      running += n(joined.find((j) => j.label === label)?.count);
      return { label, customers: running };
    });
    const topCustomers = await db
      .select({
        name: customers.name,
        type: customers.type,
        orders: count(),
        revenue: sql<string>`sum(${orders.totalAmountKes})`,
        lastOrder: sql<Date>`max(${orders.orderDate})`,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(inPeriod, counted))
      .groupBy(customers.id)
      .orderBy(desc(sql`sum(${orders.totalAmountKes})`))
      .limit(5);

    const category = sql<string>`${inventoryItems.geneticData}->>'category'`;
    const byCategory = await db
      .select({
        category,
        inStock: sql<string>`count(*) filter (where ${inventoryItems.viabilityStatus} = 'viable' and not ${isLowStock})`,
        lowStock: sql<string>`count(*) filter (where ${isLowStock})`,
        expired: sql<string>`count(*) filter (where ${inventoryItems.viabilityStatus} = 'expired')`,
        compromised: sql<string>`count(*) filter (where ${inventoryItems.viabilityStatus} = 'compromised')`,
      })
      .from(inventoryItems)
      .where(eq(inventoryItems.isActive, true))
      .groupBy(category)
      .orderBy(category);
    const lowStock = await db
      .select({
        itemId: inventoryItems.itemId,
        breedName: inventoryItems.breedName,
        available: sql<number>`${availableStock}::int`,
      })
      .from(inventoryItems)
      .where(isLowStock)
      .orderBy(asc(availableStock));
    const soon = nairobiDate(new Date(now.getTime() + 30 * DAY_MS));
    const today = nairobiDate(now);
    const expiringSoon = await db
      .select({
        itemId: inventoryItems.itemId,
        breedName: inventoryItems.breedName,
        expiryDate: inventoryItems.expiryDate,
      })
      .from(inventoryItems)
      .where(
        and(
          eq(inventoryItems.isActive, true),
          eq(inventoryItems.viabilityStatus, "viable"),
          gte(inventoryItems.expiryDate, today),
          lt(inventoryItems.expiryDate, soon),
        ),
      )
      .orderBy(asc(inventoryItems.expiryDate));
    const temperature = await db
      .select({
        storageUnit: storageUnits.name,
        temperature: storageUnits.temperature,
        alertStatus: storageUnits.alertStatus,
      })
      .from(storageUnits)
      .where(ne(storageUnits.alertStatus, "normal"))
      .orderBy(storageUnits.name);
    const [itemCount] = await db
      .select({ n: count() })
      .from(inventoryItems)
      .where(eq(inventoryItems.isActive, true));

    const revenue = n(totals!.revenue);
    const orderCount = n(totals!.orders);
    return {
      period,
      from: from.toISOString(),
      to: now.toISOString(),
      salesReport: {
        totalRevenue: revenue,
        ledger: await ledgerFigures(db, { from, to: now }),
        totalOrders: orderCount,
        averageOrderValue: orderCount === 0 ? 0 : Math.round(revenue / orderCount),
        series: buckets.map((label) => {
          const r = seriesRows.find((row) => row.label === label);
          return { label, revenue: n(r?.revenue), orders: n(r?.orders) };
        }),
        topProducts: productRows.map((p) => ({
          name: p.name,
          units: n(p.units),
          revenue: n(p.revenue),
          share: productTotal === 0 ? 0 : round1((n(p.revenue) / productTotal) * 100),
        })),
      },
      customerReport: {
        activeCustomers: n(cust!.active),
        newCustomers: n(cust!.created),
        distribution: distribution.map((d) => ({ type: d.type, count: n(d.count) })),
        growth,
        topCustomers: topCustomers.map((c) => ({
          name: c.name,
          type: c.type,
          orders: n(c.orders),
          revenue: n(c.revenue),
          lastOrder: new Date(c.lastOrder).toISOString(),
        })),
      },
      inventoryReport: {
        totalItems: n(itemCount!.n),
        lowStockItems: lowStock.length,
        stockByCategory: byCategory.map((c) => ({
          category: categoryLabels[c.category as keyof typeof categoryLabels] ?? c.category,
          inStock: n(c.inStock),
          lowStock: n(c.lowStock),
          expired: n(c.expired),
          compromised: n(c.compromised),
        })),
        lowStock: lowStock.map((l) => ({ ...l, available: n(l.available) })),
        expiringSoon: expiringSoon.map((e) => ({
          itemId: e.itemId,
          breedName: e.breedName,
          expiryDate: e.expiryDate!,
        })),
        temperature,
      },
    };
  });
}
