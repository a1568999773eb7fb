import { parentPort, workerData } from "node:worker_threads";
import PDFDocument from "pdfkit";
import { mapStackTraces } from "../../stack-traces";
import { renderInvoice } from "../invoices/pdf-layout";
import { pdfBytes } from "./pdf-bytes";
import { drawLetterhead } from "./pdf-letterhead";
import type { PdfReply, PdfRequest, PdfSheet } from "./pdf-thread";

mapStackTraces();

/** The PDF thread (started by pdf-thread.ts): lays out each report sheet or tax document it is sent. */
const port = parentPort!;
const { regular, bold } = (workerData as { fonts: { regular: string; bold: string } }).fonts;

function render(sheet: PdfSheet): Promise<Buffer> {
  // Pages are kept until the end, so each can say "Page n of m".
  const doc = new PDFDocument({ size: "A4", margin: 48, bufferPages: true, info: { Title: sheet.title } });
  drawLetterhead(doc, sheet.letterhead, { regular, bold }, doc.page.width - 96);
  doc
    .moveTo(48, doc.y + 4)
    .lineTo(doc.page.width - 48, doc.y + 4)
    .strokeColor("#166534")
    .stroke();
  doc.moveDown();
  doc.fontSize(20).fillColor("#166534").text(sheet.title);
  doc.moveDown(0.3).fontSize(10).fillColor("#444").text(sheet.subtitle);
  doc.moveDown();
  doc.fillColor("#000").fontSize(12);
  for (const figure of sheet.figures) doc.text(figure);
  for (const table of sheet.tables) {
    doc.moveDown().fontSize(13).fillColor("#166534").text(table.title);
    doc.moveDown(0.3).fontSize(9).fillColor("#000");
    const width = (doc.page.width - 96) / table.head.length;
    // Each row is as tall as its tallest wrapped cell, so a long name never runs into the next row.
    const row = (cells: string[], isHead: boolean) => {
      doc.font(isHead ? bold : regular);
      const height = Math.max(...cells.map((t) => doc.heightOfString(t, { width: width - 6 })));
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const y = doc.y;
      cells.forEach((t, i) => {
        doc.text(t, 48 + i * width, y, { width: width - 6 });
      });
      doc.x = 48;
      doc.y = y + height + 3;
    };
    row(table.head, true);
    if (table.rows.length === 0) row([sheet.empty], false);
    for (const r of table.rows) row(r, false);
  }
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    // Inside the bottom margin, which pdfkit would otherwise answer with a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(regular)
      .fontSize(8)
      .fillColor("#666")
      .text(
        `${sheet.letterhead.lines[0] ?? ""} · ${sheet.title} · Page ${i + 1} of ${pages.count}`,
        48,
        doc.page.height - 32,
        {
          width: doc.page.width - 96,
          align: "center",
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottom;
  }
  return pdfBytes(doc);
}

/** A page with nothing but the logo on it: pdfkit reads the whole image to embed it, or throws. */
function renderLogo(logo: Uint8Array): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 48 });
  drawLetterhead(doc, { lines: [], logo }, { regular, bold }, doc.page.width - 96);
  return pdfBytes(doc);
}

port.on("message", async (request: PdfRequest) => {
  const { id } = request;
  try {
    const pdf = await ("sheet" in request
      ? render(request.sheet)
      : "invoice" in request
        ? renderInvoice(request.invoice, { regular, bold })
        : renderLogo(request.logo));
    // The bytes move to the main thread rather than being copied.
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    port.postMessage({ id, ok: true, pdf: bytes } satisfies PdfReply, [bytes.buffer]);
  } catch (error) {
    port.postMessage({
      id,
      ok: false,
      message: String((error as Error)?.message ?? error),
    } satisfies PdfReply);
  }
});
