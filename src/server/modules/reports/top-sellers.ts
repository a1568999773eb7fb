import { and, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Report } from "../../../contract/reports";
import type { Db } from "../../db/database";
import { bookedCustomerDayTotals, bookedProductDayTotals, customers, orders } from "../../db/schema";
import { type DayRange, nairobiDayStart } from "../../time";
import { isBooked } from "../finance/ledger";

type TopProduct = Omit<Report["salesReport"]["topProducts"][number], "share">;
type TopCustomer = Report["customerReport"]["topCustomers"][number];

/** The products that brought in most booked revenue over whole days, from the per-day product totals. */
export async function topProducts(db: Db, range: DayRange, limit: number): Promise<TopProduct[]> {
  const revenue = sql<string>`sum(${bookedProductDayTotals.revenueKes})`;
  const rows = await db
    .select({
      name: bookedProductDayTotals.productName,
      units: sql<string>`sum(${bookedProductDayTotals.units})`,
      revenue,
    })
    .from(bookedProductDayTotals)
    .where(and(gte(bookedProductDayTotals.day, range.first), lte(bookedProductDayTotals.day, range.last)))
    .groupBy(bookedProductDayTotals.productName)
    .having(sql`sum(${bookedProductDayTotals.units}) <> 0`)
    .orderBy(desc(revenue), bookedProductDayTotals.productName)
    .limit(limit);
  return rows.map((r) => ({ name: r.name, units: Number(r.units), revenue: Number(r.revenue) }));
}

/**
 * The customers with most booked revenue over whole days, from the per-day customer totals; then the time of
 * each one's last booked order in the period, read from their own orders.
 */
export async function topCustomersOf(db: Db, range: DayRange, limit: number): Promise<TopCustomer[]> {
  // Ranked on the totals alone, then the five named: joining every row to its customer first costs more.
  const revenue = sql<string>`sum(${bookedCustomerDayTotals.revenueKes})`.as("revenue");
  const ranked = db
    .select({
      customerId: bookedCustomerDayTotals.customerId,
      orders: sql<string>`sum(${bookedCustomerDayTotals.orders})`.as("orders"),
      revenue,
    })
    .from(bookedCustomerDayTotals)
    .where(and(gte(bookedCustomerDayTotals.day, range.first), lte(bookedCustomerDayTotals.day, range.last)))
    .groupBy(bookedCustomerDayTotals.customerId)
    .having(sql`sum(${bookedCustomerDayTotals.orders}) > 0`)
    .orderBy(desc(sql`revenue`), bookedCustomerDayTotals.customerId)
    .limit(limit)
    .as("ranked");
  const top = await db
    .select({
      id: customers.id,
      name: customers.name,
      type: customers.type,
      orders: ranked.orders,
      revenue: ranked.revenue,
    })
    .from(ranked)
    .innerJoin(customers, eq(customers.id, ranked.customerId))
    .orderBy(desc(ranked.revenue), ranked.customerId);
  if (top.length === 0) return [];
  const last = await db
    .select({ customerId: orders.customerId, at: sql<Date>`max(${orders.orderDate})` })
    .from(orders)
    .where(
      and(
        inArray(
          orders.customerId,
          top.map((c) => c.id),
        ),
        isBooked,
        gte(orders.orderDate, nairobiDayStart(range.first)),
      ),
    )
    .groupBy(orders.customerId);
  return top.map((c) => ({
    name: c.name,
    type: c.type,
    orders: Number(c.orders),
    revenue: Number(c.revenue),
    lastOrder: new Date(last.find((l) => l.customerId === c.id)!.at).toISOString(),
  }));
}
