import PDFDocument from "pdfkit";
import { pdfBytes } from "../reports/pdf-bytes";
import { drawLetterhead, drawRollLetterhead, GREEN, rollLogoRoom } from "../reports/pdf-letterhead";
import type { InvoiceSheet } from "../reports/pdf-thread";

/**
 * Lays out a tax invoice or credit note (on the PDF thread): on A4, letterhead, facts, lines, the bands'
 * totals and the control unit's block with its QR code; on an 80 mm till roll, the same one under another.
 */

type Fonts = { regular: string; bold: string };

const MM = 72 / 25.4;

/** A till receipt is as long as what it prints: its height is counted before it is drawn. */
function receiptHeight(sheet: InvoiceSheet): number {
  const lines =
    sheet.letterhead.lines.length +
    sheet.facts.length +
    sheet.rows.length * 2 +
    sheet.totals.length +
    sheet.scu.length * 1.6 +
    8;
  return 40 + lines * 10 + (sheet.qr ? 130 : 0) + rollLogoRoom(sheet.letterhead);
}

function drawQr(
  doc: PDFKit.PDFDocument,
  qr: NonNullable<InvoiceSheet["qr"]>,
  x: number,
  y: number,
  width: number,
) {
  const cell = width / qr.size;
  doc.save().fillColor("#000");
  qr.dark.forEach((dark, i) => {
    if (dark) doc.rect(x + (i % qr.size) * cell, y + Math.floor(i / qr.size) * cell, cell, cell);
  });
  doc.fill().restore();
}

function a4(sheet: InvoiceSheet, { regular, bold }: Fonts): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: "A4", margin: 48, info: { Title: sheet.title } });
  const width = doc.page.width - 96;
  // The title stands at the right of the same band, so the letterhead keeps to the left 60%.
  drawLetterhead(doc, sheet.letterhead, { regular, bold }, width * 0.6);
  const top = 48;
  doc.font(bold).fontSize(18).fillColor(GREEN).text(sheet.title, 48, top, { width, align: "right" });
  if (sheet.copy) doc.fontSize(12).fillColor("#b91c1c").text("COPY", 48, doc.y, { width, align: "right" });
  doc.x = 48;
  doc.y = Math.max(doc.y, top + 70);
  doc
    .moveTo(48, doc.y)
    .lineTo(48 + width, doc.y)
    .strokeColor(GREEN)
    .stroke();
  doc.moveDown(0.5).fontSize(10).fillColor("#000");
  for (const [label, value] of sheet.facts) {
    doc.font(bold).text(`${label}: `, { continued: true }).font(regular).text(value);
  }
  doc.moveDown();
  const widths = [0.46, 0.1, 0.16, 0.1, 0.18].map((f) => f * width);
  const row = (cells: string[], isHead: boolean) => {
    doc.font(isHead ? bold : regular).fontSize(9);
    const height = Math.max(...cells.map((t, i) => doc.heightOfString(t, { width: widths[i]! - 6 })));
    if (doc.y + height > doc.page.height - 60) doc.addPage();
    const y = doc.y;
    let x = 48;
    cells.forEach((t, i) => {
      doc.text(t, x, y, { width: widths[i]! - 6, align: i === 0 ? "left" : "right" });
      x += widths[i]!;
    });
    doc.x = 48;
    doc.y = y + height + 4;
  };
  row(sheet.head, true);
  for (const r of sheet.rows) row(r, false);
  doc.moveDown(0.5);
  for (const [label, value] of sheet.totals) {
    const y = doc.y;
    doc.font(label.startsWith("Total") ? bold : regular).fontSize(10);
    doc.text(label, 48 + width * 0.45, y, { width: width * 0.35 });
    doc.text(value, 48 + width * 0.8, y, { width: width * 0.2, align: "right" });
  }
  doc.moveDown();
  if (doc.y > doc.page.height - 220) doc.addPage();
  const block = doc.y;
  doc.x = 48;
  doc.font(bold).fontSize(10).fillColor(GREEN).text("SCU information", 48, block);
  doc.font(regular).fontSize(9).fillColor("#000");
  for (const [label, value] of sheet.scu) doc.text(`${label}: ${value}`, { width: width - 140 });
  if (sheet.qr) drawQr(doc, sheet.qr, 48 + width - 120, block, 120);
  if (sheet.qrUrl)
    doc
      .moveDown(0.5)
      .fontSize(7)
      .fillColor("#444")
      .text(sheet.qrUrl, 48, doc.y, { width: width - 140 });
  doc
    .moveDown()
    .fontSize(9)
    .fillColor("#444")
    .text(sheet.footer, 48, Math.max(doc.y, block + 130), { width });
  return doc;
}

function receipt(sheet: InvoiceSheet, { regular, bold }: Fonts): PDFKit.PDFDocument {
  const pageWidth = 80 * MM;
  const margin = 4 * MM;
  const width = pageWidth - margin * 2;
  const doc = new PDFDocument({
    size: [pageWidth, receiptHeight(sheet)],
    margin,
    info: { Title: sheet.title },
  });
  const center = { width, align: "center" as const };
  drawRollLetterhead(doc, sheet.letterhead, { regular, bold }, width);
  doc.moveDown(0.4).font(bold).fontSize(10).text(sheet.title, center);
  if (sheet.copy) doc.fontSize(9).text("*** COPY ***", center);
  doc.moveDown(0.4).font(regular).fontSize(7);
  for (const [label, value] of sheet.facts) doc.text(`${label}: ${value}`, { width });
  const rule = () => {
    doc.moveDown(0.3);
    doc
      .moveTo(margin, doc.y)
      .lineTo(margin + width, doc.y)
      .dash(1, { space: 1 })
      .stroke()
      .undash();
    doc.moveDown(0.3);
  };
  rule();
  const pair = (left: string, right: string, font = regular) => {
    const y = doc.y;
    doc.font(font).text(left, margin, y, { width: width * 0.62 });
    const after = doc.y;
    doc.text(right, margin + width * 0.62, y, { width: width * 0.38, align: "right" });
    doc.y = Math.max(after, doc.y);
    doc.x = margin;
  };
  for (const [name, qty, price, tax, total] of sheet.rows) {
    doc.font(regular).text(name!, { width });
    pair(`  ${qty} x ${price}  (${tax})`, total!);
  }
  rule();
  for (const [label, value] of sheet.totals) pair(label, value, label.startsWith("Total") ? bold : regular);
  rule();
  doc.font(bold).text("SCU information", center);
  doc.font(regular);
  for (const [label, value] of sheet.scu) doc.text(`${label}: ${value}`, { width });
  if (sheet.qr) {
    doc.moveDown(0.5);
    const side = 110;
    drawQr(doc, sheet.qr, margin + (width - side) / 2, doc.y, side);
    doc.y += side + 6;
  }
  doc.fontSize(7).text(sheet.footer, margin, doc.y, center);
  return doc;
}

export function renderInvoice(sheet: InvoiceSheet, fonts: Fonts): Promise<Buffer> {
  return pdfBytes(sheet.layout === "receipt" ? receipt(sheet, fonts) : a4(sheet, fonts));
}
