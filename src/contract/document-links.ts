// Plain data, no Zod: the client screens build these links before the validation library has loaded.
import type { TaxDocumentKind } from "./invoices";

type DocumentRef = { kind: TaxDocumentKind; id: number; orderId: number };

/** Where a document is read: an order's invoice, or a credit note by its id. */
export const documentPath = (row: DocumentRef) =>
  row.kind === "invoice" ? `/api/orders/${row.orderId}/invoice` : `/api/credit-notes/${row.id}`;

/** Where a document's PDF is, on A4 or as a till receipt. */
export const documentPdfUrl = (row: DocumentRef, layout: "a4" | "receipt") =>
  row.kind === "invoice"
    ? `/api/orders/${row.orderId}/invoice.pdf?layout=${layout}`
    : `/api/credit-notes/${row.id}/pdf?layout=${layout}`;
