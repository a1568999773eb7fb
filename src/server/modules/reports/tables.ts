import { customerTypeLabels } from "../../../contract/customers";
import { categoryLabels } from "../../../contract/inventory";
import type { Report, ReportType } from "../../../contract/reports";
import { nairobiDate } from "../../time";

/** One table of a printed or exported report: its title, column heads and rows, as people read them. */
export type Table = { title: string; head: string[]; rows: (string | number)[][] };

const kesFormat = new Intl.NumberFormat("en-KE", { maximumFractionDigits: 0 });
const kes = (n: number | null) => (n === null ? "" : `KSh ${kesFormat.format(n)}`);
/** Words, never the stored enum value: "Farm", not "farm". */
const labelOf = <K extends string>(labels: Record<K, string>, value: string) => labels[value as K] ?? value;
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The figures and tables of one report tab, shared by the PDF and the CSV: what each chart shows, with
 * labels in place of enum values. Money columns appear only where the report carries money (roles with
 * `finance`).
 */
export function reportTables(
  report: Report,
  type: ReportType,
): { figures: [string, string][]; tables: Table[] } {
  const s = report.salesReport;
  const c = report.customerReport;
  const i = report.inventoryReport;
  const money = s.totalRevenue !== null;
  const figures: [string, string][] = [
    ...(money ? ([["Total revenue (booked)", kes(s.totalRevenue)]] as [string, string][]) : []),
    ["Booked orders", String(s.totalOrders)],
    ["Active customers", String(c.activeCustomers)],
    ...(i
      ? ([["Inventory items", `${i.totalItems} (${i.lowStockItems} low stock)`]] as [string, string][])
      : []),
  ];
  const ordersTable: Table = {
    title: money ? "Revenue and orders" : "Orders",
    head: money ? ["Period", "Revenue", "Orders"] : ["Period", "Orders"],
    rows: s.series.map((b) => (money ? [b.label, kes(b.revenue), b.orders] : [b.label, b.orders])),
  };
  const products: Table = {
    title: "Top products",
    head: money
      ? ["Product", "Units", "Revenue", "Share of revenue"]
      : ["Product", "Units", "Share of units"],
    rows: s.topProducts.map((p) =>
      money ? [p.name, p.units, kes(p.revenue), `${p.share}%`] : [p.name, p.units, `${p.share}%`],
    ),
  };
  const distribution: Table = {
    title: "Customer distribution",
    head: ["Type", "Customers"],
    rows: c.distribution.map((d) => [labelOf(customerTypeLabels, d.type), d.count]),
  };
  const growth: Table = {
    title: "Customer growth",
    head: ["Period", "Customers"],
    rows: c.growth.map((g) => [g.label, g.customers]),
  };
  const top: Table = {
    title: "Top customers",
    head: money
      ? ["Customer", "Type", "Orders", "Revenue", "Last order"]
      : ["Customer", "Type", "Orders", "Last order"],
    rows: c.topCustomers.map((t) => {
      const last = nairobiDate(new Date(t.lastOrder));
      const kind = labelOf(customerTypeLabels, t.type);
      return money ? [t.name, kind, t.orders, kes(t.revenue), last] : [t.name, kind, t.orders, last];
    }),
  };
  const stock: Table = {
    title: "Stock by category",
    head: ["Category", "In stock", "Low stock", "Expired", "Compromised"],
    rows: (i?.stockByCategory ?? []).map((b) => [
      labelOf(categoryLabels, b.category),
      b.inStock,
      b.lowStock,
      b.expired,
      b.compromised,
    ]),
  };
  const alerts: Table = {
    title: "Alerts",
    head: ["Kind", "Item or unit", "Detail"],
    rows: [
      ...(i?.lowStock ?? []).map((l) => [
        "Low stock",
        `${l.itemId} ${l.breedName}`,
        `${l.available} available`,
      ]),
      ...(i?.expiringSoon ?? []).map((e) => ["Expiring", `${e.itemId} ${e.breedName}`, e.expiryDate]),
      ...(i?.temperature ?? []).map((t) => [
        "Temperature",
        t.storageUnit,
        `${t.temperature}°C (${capitalised(t.alertStatus)})`,
      ]),
    ],
  };
  const byType: Record<ReportType, Table[]> = {
    overview: [ordersTable, distribution],
    sales: [ordersTable, products],
    inventory: [stock, alerts],
    customers: [growth, distribution, top],
  };
  return { figures, tables: byType[type] };
}
