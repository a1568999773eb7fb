import {
  creditReasonLabels,
  paymentTypeLabels,
  type TaxDocument,
  taxBands,
} from "../../../contract/invoices";
import { kesText } from "../../../contract/money";
import { taxTypeLabels } from "../../../contract/tax";
import type { AppContext } from "../../context";
import { formatNairobiDay } from "../../time";
import { pdfText } from "../reports/pdf";
import { type InvoiceSheet, type Letterhead, renderInvoicePdf } from "../reports/pdf-thread";
import { readLetterhead } from "../settings/company";

/** KRA's control-unit date (YYYYMMDDHHmmss) as people read it. */
const cuDate = (stamp: string | null) =>
  stamp
    ? `${stamp.slice(6, 8)}/${stamp.slice(4, 6)}/${stamp.slice(0, 4)} ${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}`
    : "—";

/** What the PDF of a tax document says, as text, with its QR code's modules once KRA has signed it. */
export async function invoiceSheet(
  doc: TaxDocument,
  letterhead: Letterhead,
  layout: InvoiceSheet["layout"],
  copy: boolean,
): Promise<InvoiceSheet> {
  const credit = doc.kind === "credit_note";
  const facts: [string, string][] = [
    [credit ? "Credit note" : "Invoice", doc.number],
    ["Date", formatNairobiDay(new Date(doc.issuedAt))],
    ["Order", doc.orderNumber],
    ["Buyer", doc.buyerName],
    ["Buyer PIN", doc.buyerPin ?? "—"],
    ["Payment", `${paymentTypeLabels[doc.paymentType] ?? doc.paymentType} (${doc.paymentType})`],
  ];
  if (credit) {
    facts.push(["Original invoice", doc.originalNumber ?? "—"]);
    facts.push([
      "Reason",
      `${doc.reasonCode ? `${creditReasonLabels[doc.reasonCode]} (${doc.reasonCode})` : ""}${doc.reason ? `: ${doc.reason}` : ""}`,
    ]);
  }
  const bands = taxBands(doc.lines).filter((b) => b.taxableKes > 0);
  const totals: [string, string][] = bands.flatMap((b): [string, string][] => [
    [`Taxable ${taxTypeLabels[b.taxType]}`, kesText(b.taxableKes)],
    [`Tax ${b.taxType} (${b.ratePct}%)`, kesText(b.taxKes)],
  ]);
  totals.push(
    ["Total tax", kesText(doc.taxKes)],
    [`Total${credit ? " credited" : ""}`, kesText(doc.totalKes)],
  );
  const e = doc.etims;
  const scu: [string, string][] =
    e.status === "accepted"
      ? [
          ["SCU ID", e.controlUnitId ?? "—"],
          ["SCU date", cuDate(e.controlUnitDate)],
          ["CU invoice no.", `${e.controlUnitId ?? ""}/${e.invoiceNumber ?? ""}`],
          ["Receipt no.", `${e.receiptNumber ?? "—"} / ${e.totalReceiptNumber ?? "—"}`],
          ["Internal data", e.internalData ?? "—"],
          ["Receipt signature", e.signature ?? "—"],
        ]
      : [["eTIMS", `Not yet signed by KRA (${e.status}): print again once KRA has accepted it`]];
  let qr: InvoiceSheet["qr"] = null;
  if (e.qrUrl) {
    // qrcode (and the PNG code it brings) loads with the first signed document printed, not at start (decision 46).
    const { default: QRCode } = await import("qrcode");
    const code = QRCode.create(e.qrUrl, { errorCorrectionLevel: "M" });
    qr = { size: code.modules.size, dark: Array.from(code.modules.data, Boolean) };
  }
  return {
    layout,
    title: credit ? "CREDIT NOTE" : "TAX INVOICE",
    copy,
    letterhead: { ...letterhead, lines: letterhead.lines.map(pdfText) },
    facts: facts.map(([l, v]) => [l, pdfText(v)]),
    head: ["Item", "Qty", "Unit price", "Tax", "Amount"],
    rows: doc.lines.map((l) => [
      pdfText(l.name),
      String(l.quantity),
      kesText(l.unitPriceKes),
      l.taxType,
      kesText(l.totalKes),
    ]),
    totals,
    scu,
    qr,
    qrUrl: e.qrUrl,
    footer: "Prices include tax. Scan the code to check this receipt with KRA. Asante / Thank you.",
  };
}

/** A document's PDF under the company's letterhead as it is now. */
export async function invoicePdf(
  ctx: AppContext,
  doc: TaxDocument,
  layout: InvoiceSheet["layout"],
  copy: boolean,
): Promise<Buffer> {
  return renderInvoicePdf(await invoiceSheet(doc, await readLetterhead(ctx), layout, copy));
}
