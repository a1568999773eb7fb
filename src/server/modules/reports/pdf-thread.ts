import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { workerFile } from "../../worker-file";

/** The head of every PDF: the business's name, address and contacts from its settings, and its logo. */
export interface Letterhead {
  lines: string[];
  /** PNG or JPEG bytes, checked when a Director uploaded them (checkLogo). */
  logo: Uint8Array | null;
}

/** What a report PDF holds, already as text: the letterhead, a title, a subtitle, figures and tables. */
export interface PdfSheet {
  letterhead: Letterhead;
  title: string;
  subtitle: string;
  figures: string[];
  tables: { title: string; head: string[]; rows: string[][] }[];
  empty: string;
}

/**
 * Laying out a PDF takes 40–100 ms of solid CPU (pdfkit measures and subsets the font for every cell); on the
 * main thread that stalls every other request for as long. It runs on one worker thread instead
 * (pdf-worker.ts), started on the first export and kept.
 */
export type PdfRequest =
  | { id: number; sheet: PdfSheet }
  | { id: number; invoice: InvoiceSheet }
  | { id: number; logo: Uint8Array };

/**
 * A tax invoice or credit note as its PDF draws it, already as text: A4, or an 80 mm till receipt. Every
 * print after the first says COPY. `qr` is the QR code's modules (row by row), drawn as squares.
 */
export interface InvoiceSheet {
  layout: "a4" | "receipt";
  title: string;
  copy: boolean;
  letterhead: Letterhead;
  facts: [string, string][];
  head: string[];
  rows: string[][];
  totals: [string, string][];
  /** The control unit's block KRA prescribes. */
  scu: [string, string][];
  qr: { size: number; dark: boolean[] } | null;
  qrUrl: string | null;
  footer: string;
}
export type PdfReply = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

type Waiting = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

type Thread = { worker: Worker; pending: Map<number, Waiting> };
let live: Thread | null = null;
let starting: Promise<Thread> | null = null;
let next = 1;

/** The running PDF thread, started on the first export (and again after one died). */
function thread(): Promise<Thread> {
  if (live) return Promise.resolve(live);
  starting ??= start().then(
    (started) => {
      live = started;
      starting = null;
      return started;
    },
    (error: unknown) => {
      starting = null;
      throw error;
    },
  );
  return starting;
}

async function start(): Promise<Thread> {
  const require = createRequire(import.meta.url);
  // DejaVu Sans draws Latin with every accent (Kĩambu), Cyrillic, Greek and more; Helvetica draws Latin-1 only.
  const font = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);
  const worker = new Worker(await workerFile("pdf-worker", new URL("./pdf-worker.ts", import.meta.url)), {
    workerData: { fonts: { regular: font("DejaVuSans.ttf"), bold: font("DejaVuSans-Bold.ttf") } },
  });
  const pending = new Map<number, Waiting>();
  const current: Thread = { worker, pending };
  // A thread that dies takes its waiting exports with it; the next export starts a fresh one.
  const fail = (error: Error) => {
    if (live === current) live = null;
    for (const w of pending.values()) w.reject(error);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`The PDF thread stopped with code ${code}`)));
  worker.on("message", (m: PdfReply) => {
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

/** Renders the report sheet as an A4 PDF on the PDF thread. */
export const renderPdf = (sheet: PdfSheet): Promise<Buffer> => render((id) => ({ id, sheet }));

/** Renders a tax document on the PDF thread, A4 or as a till receipt. */
export const renderInvoicePdf = (invoice: InvoiceSheet): Promise<Buffer> => render((id) => ({ id, invoice }));

/**
 * Draws an uploaded logo on a page of its own, the way every letterhead will: an image pdfkit cannot read
 * fails here, when the Director uploads it, rather than in every PDF after.
 */
export const checkLogo = (logo: Uint8Array): Promise<Buffer> => render((id) => ({ id, logo }));

async function render(request: (id: number) => PdfRequest): Promise<Buffer> {
  const { worker, pending } = await thread();
  return new Promise((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve, reject });
    // Kept alive only while an export waits, so a script or test that renders one PDF still ends.
    worker.ref();
    worker.postMessage(request(id));
  });
}
