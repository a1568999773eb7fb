import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import type { Report, ReportType } from "../../../contract/reports";
import { reportPeriodLabels } from "../../../contract/reports";
import { nairobiDate } from "../../time";

/** DejaVu Sans draws Latin with every accent (Kĩambu), Cyrillic, Greek and more; Helvetica draws Latin-1 only. */
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const REGULAR = fontFile("DejaVuSans.ttf");
const BOLD = fontFile("DejaVuSans-Bold.ttf");

/** Text the PDF can draw: emoji (which no PDF font here has) are left out, line breaks become spaces. */
export function pdfText(text: string): string {
  return text
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200D|\uFE0F/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

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
  const doc = new PDFDocument({ size: "A4", margin: 48, info: { Title: `Urithi ${type} report` } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  const { figures, tables } = tablesFor(report, type);
  doc.font(REGULAR);
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
  for (const [label, value] of figures) doc.text(pdfText(`${label}: ${value}`));

  for (const table of tables) {
    doc.moveDown().fontSize(13).fillColor("#166534").text(table.title);
    doc.moveDown(0.3).fontSize(9).fillColor("#000");
    const width = (doc.page.width - 96) / table.head.length;
    // Each row is as tall as its tallest wrapped cell, so a long name never runs into the next row.
    const row = (cells: (string | number)[], bold = false) => {
      doc.font(bold ? BOLD : REGULAR);
      const texts = cells.map((cell) => pdfText(String(cell)));
      const height = Math.max(...texts.map((t) => doc.heightOfString(t, { width: width - 6 })));
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const y = doc.y;
      texts.forEach((t, i) => {
        doc.text(t, 48 + i * width, y, { width: width - 6 });
      });
      doc.x = 48;
      doc.y = y + height + 3;
    };
    row(table.head, true);
    if (table.rows.length === 0) row(["No data for this period"]);
    for (const r of table.rows) row(r);
  }
  doc.end();
  return done;
}
