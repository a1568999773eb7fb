import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** What a report PDF holds, already as text: a title, a subtitle, figures and tables. */
export interface PdfSheet {
  title: string;
  subtitle: string;
  figures: string[];
  tables: { title: string; head: string[]; rows: string[][] }[];
  empty: string;
}

/**
 * Laying out a PDF takes 40–100 ms of solid CPU (pdfkit measures and subsets the font for every cell); on the
 * main thread that stalls every other request for as long. It runs on one worker thread instead, started on
 * the first export and kept. Like the PGlite thread it is plain JavaScript run from a string, so it starts the
 * same under tsx, Vitest and the bundled server; the packages it loads are resolved here and handed to it.
 */
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const PDFDocument = require(workerData.pdfkit);
const { regular, bold } = workerData.fonts;

function render(sheet) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 48, info: { Title: sheet.title } });
    const chunks = [];
    doc.on("data", (c) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.font(regular);
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
      const row = (cells, isHead) => {
        doc.font(isHead ? bold : regular);
        const height = Math.max(...cells.map((t) => doc.heightOfString(t, { width: width - 6 })));
        if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
        const y = doc.y;
        cells.forEach((t, i) => doc.text(t, 48 + i * width, y, { width: width - 6 }));
        doc.x = 48;
        doc.y = y + height + 3;
      };
      row(table.head, true);
      if (table.rows.length === 0) row([sheet.empty], false);
      for (const r of table.rows) row(r, false);
    }
    doc.end();
  });
}

parentPort.on("message", async ({ id, sheet }) => {
  try {
    const pdf = await render(sheet);
    // The bytes move to the main thread rather than being copied.
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    parentPort.postMessage({ id, ok: true, pdf: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: String((error && error.message) || error) });
  }
});
`;

type Reply = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };
type Waiting = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

let thread: { worker: Worker; pending: Map<number, Waiting> } | null = null;
let next = 1;

function start() {
  const require = createRequire(import.meta.url);
  // DejaVu Sans draws Latin with every accent (Kĩambu), Cyrillic, Greek and more; Helvetica draws Latin-1 only.
  const font = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: {
      pdfkit: require.resolve("pdfkit"),
      fonts: { regular: font("DejaVuSans.ttf"), bold: font("DejaVuSans-Bold.ttf") },
    },
  });
  const pending = new Map<number, Waiting>();
  const current = { worker, pending };
  // A thread that dies takes its waiting exports with it; the next export starts a fresh one.
  const fail = (error: Error) => {
    if (thread === current) thread = null;
    for (const w of pending.values()) w.reject(error);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`The PDF thread stopped with code ${code}`)));
  worker.on("message", (m: Reply) => {
    const waiting = pending.get(m.id);
    if (!waiting) return;
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if (m.ok) waiting.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
    else waiting.reject(new Error(m.message));
  });
  worker.unref();
  return current;
}

/** Renders the sheet as an A4 PDF on the PDF thread. */
export function renderPdf(sheet: PdfSheet): Promise<Buffer> {
  thread ??= start();
  const { worker, pending } = thread;
  return new Promise((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve, reject });
    // Kept alive only while an export waits, so a script or test that renders one PDF still ends.
    worker.ref();
    worker.postMessage({ id, sheet });
  });
}
