import { and, eq, sql } from "drizzle-orm";
import { type CreditReasonCode, etimsPaymentType, type TaxLine } from "../../../contract/invoices";
import { kesText } from "../../../contract/money";
import type { TaxType } from "../../../contract/tax";
import { columnsOf, type Db, prepared, tableRow, together } from "../../db/adapter";
import { orders, payments, taxDocuments } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { lockedOrderRow, lockOrder } from "../orders/locked";
import { invoiceLines, lineRowsOf, linesOrThrow, taxLines } from "./lines";
import { insertNumberedDocument } from "./numbering";

/**
 * Issuing tax documents, each in the transaction of the change it records: an order's invoice when its sale
 * is final, a credit note when an invoiced sale is undone. Both are queued for eTIMS in the same step.
 */

type OrderRow = typeof orders.$inferSelect;
type DocumentRow = typeof taxDocuments.$inferSelect;

/** How an order's history names a document issued for it: the words before and after its number. */
const issuedNote = (kind: DocumentRow["kind"], totalKes: number) => ({
  noteBefore: `${kind === "invoice" ? "Tax invoice" : "Credit note"} `,
  noteAfter: ` issued (${kesText(totalKes)})`,
});

export const documentIssued = (doc: DocumentRow) => {
  const { noteBefore, noteAfter } = issuedNote(doc.kind, doc.totalKes);
  return `${noteBefore}${doc.number}${noteAfter}`;
};

/** A sale is final when it is fully paid, or when it has shipped on credit: whichever comes first. */
export function saleIsFinal(order: OrderRow): boolean {
  if (order.status === "rejected" || order.status === "cancelled") return false;
  if (order.paymentStatus === "paid") return true;
  return order.onCredit && (order.status === "shipped" || order.status === "delivered");
}

export async function invoiceOf(db: Db, orderId: number): Promise<DocumentRow | null> {
  const [row] = await invoiceRows(db, orderId);
  return row ?? null;
}

/** Every payment that settles an order reads these two, so they are prepared (decision 50). */
const invoiceStatement = prepared<{ orderId: number }, Record<string, unknown>>(
  "order_invoice",
  (p) => sql`select ${columnsOf(taxDocuments)} from ${taxDocuments}
    where ${taxDocuments.orderId} = ${p.orderId}::int and ${taxDocuments.kind} = 'invoice'
      and ${taxDocuments.etimsStatus} <> 'voided'`,
);

const invoiceRows = (db: Db, orderId: number): Promise<DocumentRow[]> =>
  invoiceStatement(db, { orderId }).then((rows) => rows.map((row) => tableRow(taxDocuments, row)));

const lastPaidStatement = prepared<{ orderId: number }, { method: (typeof payments.$inferSelect)["method"] }>(
  "order_last_paid_method",
  (p) => sql`select ${payments.method} as method from ${payments}
    where ${payments.orderId} = ${p.orderId}::int and ${payments.status} in ('paid', 'part_refunded')
    order by ${payments.paidAt} desc limit 1`,
);

/** The method of an order's last payment that brought money: sent at once (`together`). */
const lastPaidMethod = (db: Db, orderId: number) => lastPaidStatement(db, { orderId });

/**
 * How the order was paid, as KRA codes it: on credit when it ships unpaid, else the method of its last
 * payment (`lastPaidMethod`), or the one it was placed with.
 */
function paymentType(order: OrderRow, last: { method: OrderRow["paymentMethod"] } | undefined): string {
  if (order.onCredit && order.paymentStatus !== "paid") return etimsPaymentType(null, true);
  return etimsPaymentType(last?.method ?? order.paymentMethod, false);
}

function insertDocument(
  db: Db,
  order: OrderRow,
  doc: {
    kind: DocumentRow["kind"];
    lines: TaxLine[];
    paymentType: string;
    originalId?: number;
    reasonCode?: CreditReasonCode;
    reason?: string;
    actorUserId: number | null;
    now: Date;
    /** The change that issued it writes its own history event, naming the document. */
    inEvent?: boolean;
  },
): Promise<DocumentRow> {
  const totalKes = doc.lines.reduce((s, l) => s + l.totalKes, 0);
  return insertNumberedDocument(db, {
    kind: doc.kind,
    orderId: order.id,
    originalId: doc.originalId ?? null,
    customerId: order.customerId,
    clientUserId: order.clientUserId,
    buyerName: order.customerName,
    buyerPhone: order.customerPhone,
    paymentType: doc.paymentType,
    reasonCode: doc.reasonCode ?? null,
    reason: doc.reason ?? null,
    lines: doc.lines,
    totalKes,
    taxKes: doc.lines.reduce((s, l) => s + l.taxKes, 0),
    issuedBy: doc.actorUserId,
    now: doc.now,
    event: doc.inEvent ? null : { from: order.status, to: order.status, ...issuedNote(doc.kind, totalKes) },
  });
}

type IssuedBy = { actorUserId: number | null; now: Date; inEvent?: boolean };

async function insertInvoice(db: Db, order: OrderRow, lines: TaxLine[], by: IssuedBy): Promise<DocumentRow> {
  const [last] = await lastPaidMethod(db, order.id);
  return insertDocument(db, order, { kind: "invoice", lines, paymentType: paymentType(order, last), ...by });
}

/**
 * Issues the order's invoice, once: a second call answers the one issued. Refused (409) while a line has no
 * tax type; an order without lines is invoiced only with the tax type its issuer names.
 */
export async function issueInvoice(
  db: Db,
  orderId: number,
  by: IssuedBy & { taxType?: TaxType },
): Promise<DocumentRow> {
  const order = await lockOrder(db, orderId);
  const issued = await invoiceOf(db, orderId);
  if (issued) return issued;
  if (order.status === "rejected" || order.status === "cancelled") {
    throw conflict(`Order ${order.orderNumber} is ${order.status}: there is no sale to invoice`);
  }
  const { taxType, ...issuer } = by;
  return insertInvoice(db, order, linesOrThrow(await invoiceLines(db, order, taxType)), issuer);
}

/**
 * Issues the invoice of an order whose sale just became final, unless it has one. A line without a tax type
 * does not stop the payment or the dispatch that got here: the order waits for its invoice, and the order
 * view and the eTIMS screen say why.
 */
export async function invoiceIfFinal(
  db: Db,
  orderId: number,
  now: Date,
  options: { inEvent?: boolean } = {},
): Promise<DocumentRow | null> {
  const issue = await invoiceDue(db, orderId, now, options);
  return issue ? issue() : null;
}

/**
 * The reads that decide whether an order's sale just became final with no invoice yet (`invoiceIfFinal`):
 * answers the one statement that issues it, for the caller to start last in its transaction (the document
 * counter it locks is every invoice's), or null when none is due.
 */
export async function invoiceDue(
  db: Db,
  orderId: number,
  now: Date,
  options: { inEvent?: boolean } = {},
  /** The order's row already on its way (an update's RETURNING); else it is read, locked. */
  orderRow: Promise<OrderRow | undefined> = lockedOrderRow(db, orderId),
): Promise<(() => Promise<DocumentRow>) | null> {
  // Read together, in one trip: the reads after the order's own need only its id.
  const [order, [issued], rows, [last]] = await together([
    orderRow,
    invoiceRows(db, orderId),
    lineRowsOf(db, orderId),
    lastPaidMethod(db, orderId),
  ]);
  if (!order) throw notFound("Order");
  if (!saleIsFinal(order) || issued) return null;
  const lines = taxLines(order, rows);
  if ("blocked" in lines) return null;
  return () =>
    insertDocument(db, order, {
      kind: "invoice",
      lines: lines.lines,
      paymentType: paymentType(order, last),
      actorUserId: null,
      now,
      inEvent: options.inEvent,
    });
}

/**
 * An invoiced sale undone (the order cancelled or rejected): one credit note for what its invoice still
 * carries, naming the invoice, with KRA's reason code.
 */
export async function creditInvoicedOrder(
  db: Db,
  orderId: number,
  by: {
    reasonCode: CreditReasonCode;
    reason: string;
    actorUserId: number | null;
    now: Date;
    inEvent?: boolean;
  },
): Promise<DocumentRow | null> {
  const invoice = await invoiceOf(db, orderId);
  if (!invoice) return null;
  const [credited] = await db
    .select({ kes: sql<number>`coalesce(sum(${taxDocuments.totalKes}), 0)::int` })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.originalId, invoice.id), eq(taxDocuments.kind, "credit_note")));
  if (credited!.kes >= invoice.totalKes) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return insertDocument(db, order!, {
    kind: "credit_note",
    lines: invoice.lines,
    paymentType: invoice.paymentType,
    originalId: invoice.id,
    reasonCode: by.reasonCode,
    reason: by.reason,
    actorUserId: by.actorUserId,
    now: by.now,
    inEvent: by.inEvent,
  });
}

const sameTaxes = (a: TaxLine[], b: TaxLine[]) =>
  a.length === b.length &&
  a.every((l, i) => l.taxType === b[i]!.taxType && l.itemClassCode === b[i]!.itemClassCode);

/**
 * A refused invoice whose items a Director has since corrected (tax type or class): KRA never took it, so it
 * is voided, keeping its number in the sequence, and the order's invoice is issued again from the items as
 * they are now. Answers the new invoice, or null when nothing changed (it is simply sent again).
 */
export async function reissueCorrected(
  db: Db,
  doc: DocumentRow,
  by: { actorUserId: number | null; now: Date },
): Promise<DocumentRow | null> {
  if (doc.kind !== "invoice" || doc.etimsStatus !== "refused") return null;
  const order = await lockOrder(db, doc.orderId);
  const wholeOrder =
    doc.lines.length === 1 && doc.lines[0]!.inventoryItemId === null ? doc.lines[0]!.taxType : undefined;
  const current = await invoiceLines(db, order, wholeOrder);
  if ("blocked" in current || sameTaxes(current.lines, doc.lines)) return null;
  await db
    .update(taxDocuments)
    .set({
      etimsStatus: "voided",
      etimsError: `${doc.etimsError ?? ""} Voided: issued again with its items corrected.`.trim(),
    })
    .where(eq(taxDocuments.id, doc.id));
  return issueInvoice(db, doc.orderId, { ...by, taxType: wholeOrder });
}
