import type { Report, ReportType } from "../../../contract/reports";
import { reportPeriodLabels } from "../../../contract/reports";
import { nairobiDate } from "../../time";
import { renderPdf } from "./pdf-thread";

/** Text the PDF can draw: emoji (which no PDF font here has) are left out, line breaks become spaces. */
export function pdfText(text: string): string {
  return text
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200D|\uFE0F/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

const kesFormat = new Intl.NumberFormat("en-KE", { maximumFractionDigits: 0 });
const kes = (n: number) => `KSh ${kesFormat.format(n)}`;

type Table = { title: string; head: string[]; rows: (string | number)[][] };

function tablesFor(report: Report, type: ReportType): { figures: [string, string][]; tables: Table[] } {
  const s = report.salesReport;
  const c = report.customerReport;
  const i = report.inventoryReport;
  const figures: [string, string][] = [
    ["Total revenue", kes(s.totalRevenue)],
    ["Total orders", String(s.totalOrders)],
    ["Active customers", String(c.activeCustomers)],
    ...(i
      ? ([["Inventory items", `${i.totalItems} (${i.lowStockItems} low stock)`]] as [string, string][])
      : []),
  ];
  const revenueTable: Table = {
    title: "Revenue and orders",
    head: ["Period", "Revenue", "Orders"],
    rows: s.series.map((b) => [b.label, kes(b.revenue), b.orders]),
  };
  const products: Table = {
    title: "Top products",
    head: ["Product", "Units", "Revenue", "Share"],
    rows: s.topProducts.map((p) => [p.name, p.units, kes(p.revenue), `${p.share}%`]),
  };
  const distribution: Table = {
    title: "Customer distribution",
    head: ["Type", "Customers"],
    rows: c.distribution.map((d) => [d.type, d.count]),
  };
  const growth: Table = {
    title: "Customer growth",
    head: ["Period", "Customers"],
    rows: c.growth.map((g) => [g.label, g.customers]),
  };
  const top: Table = {
    title: "Top customers",
    head: ["Customer", "Type", "Orders", "Revenue", "Last order"],
    rows: c.topCustomers.map((t) => [
      t.name,
      t.type,
      t.orders,
      kes(t.revenue),
      nairobiDate(new Date(t.lastOrder)),
    ]),
  };
  const stock: Table = {
    title: "Stock by category",
    head: ["Category", "In stock", "Low stock", "Expired", "Compromised"],
    rows: (i?.stockByCategory ?? []).map((b) => [
      b.category,
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
        `${t.temperature}°C (${t.alertStatus})`,
      ]),
    ],
  };
  const byType: Record<ReportType, Table[]> = {
    overview: [revenueTable, distribution],
    sales: [revenueTable, products],
    inventory: [stock, alerts],
    customers: [growth, distribution, top],
  };
  return { figures, tables: byType[type] };
}

/** A PDF of one report tab: its figures and a table of the data behind each chart. */
export function reportPdf(report: Report, type: ReportType): Promise<Buffer> {
  const { figures, tables } = tablesFor(report, type);
  return renderPdf({
    title: `Urithi ${type[0]!.toUpperCase()}${type.slice(1)} Report`,
    subtitle: `${reportPeriodLabels[report.period]}: ${report.from.slice(0, 10)} to ${report.to.slice(0, 10)}`,
    figures: figures.map(([label, value]) => pdfText(`${label}: ${value}`)),
    tables: tables.map((t) => ({
      title: t.title,
      head: t.head,
      rows: t.rows.map((r) => r.map((cell) => pdfText(String(cell)))),
    })),
    empty: "No data for this period",
  });
}
