import PDFDocument from "pdfkit";
import type { Report, ReportType } from "../../../contract/reports";
import { reportPeriodLabels } from "../../../contract/reports";

const kes = (n: number) => `KSh ${new Intl.NumberFormat("en-KE", { maximumFractionDigits: 0 }).format(n)}`;

type Table = { title: string; head: string[]; rows: (string | number)[][] };

function tablesFor(report: Report, type: ReportType): { figures: [string, string][]; tables: Table[] } {
  const s = report.salesReport;
  const c = report.customerReport;
  const i = report.inventoryReport;
  const figures: [string, string][] = [
    ["Total revenue", kes(s.totalRevenue)],
    ["Total orders", String(s.totalOrders)],
    ["Active customers", String(c.activeCustomers)],
    ["Inventory items", `${i.totalItems} (${i.lowStockItems} low stock)`],
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
    rows: c.topCustomers.map((t) => [t.name, t.type, t.orders, kes(t.revenue), t.lastOrder.slice(0, 10)]),
  };
  const stock: Table = {
    title: "Stock by category",
    head: ["Category", "In stock", "Low stock", "Expired/compromised"],
    rows: i.stockByCategory.map((b) => [b.category, b.inStock, b.lowStock, b.expired]),
  };
  const alerts: Table = {
    title: "Alerts",
    head: ["Kind", "Item or unit", "Detail"],
    rows: [
      ...i.lowStock.map((l) => ["Low stock", `${l.itemId} ${l.breedName}`, `${l.available} available`]),
      ...i.expiringSoon.map((e) => ["Expiring", `${e.itemId} ${e.breedName}`, e.expiryDate]),
      ...i.temperature.map((t) => ["Temperature", t.storageUnit, `${t.temperature}°C (${t.alertStatus})`]),
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
  const doc = new PDFDocument({ size: "A4", margin: 48, info: { Title: `Urithi ${type} report` } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  const { figures, tables } = tablesFor(report, type);
  doc
    .fontSize(20)
    .fillColor("#166534")
    .text(`Urithi ${type[0]!.toUpperCase()}${type.slice(1)} Report`);
  doc
    .moveDown(0.3)
    .fontSize(10)
    .fillColor("#444")
    .text(`${reportPeriodLabels[report.period]}: ${report.from.slice(0, 10)} to ${report.to.slice(0, 10)}`);
  doc.moveDown();
  doc.fillColor("#000").fontSize(12);
  for (const [label, value] of figures) doc.text(`${label}: ${value}`);

  for (const table of tables) {
    doc.moveDown().fontSize(13).fillColor("#166534").text(table.title);
    doc.moveDown(0.3).fontSize(9).fillColor("#000");
    const width = (doc.page.width - 96) / table.head.length;
    const row = (cells: (string | number)[], bold = false) => {
      if (doc.y > doc.page.height - 72) doc.addPage();
      const y = doc.y;
      doc.font(bold ? "Helvetica-Bold" : "Helvetica");
      cells.forEach((cell, i) => {
        doc.text(String(cell), 48 + i * width, y, { width: width - 6 });
      });
      doc.x = 48;
      doc.moveDown(0.2);
    };
    row(table.head, true);
    if (table.rows.length === 0) row(["No data for this period"]);
    for (const r of table.rows) row(r);
  }
  doc.end();
  return done;
}
