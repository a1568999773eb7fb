import { aliasedTable, and, desc, eq, type SQL } from "drizzle-orm";
import {
  type CreditReasonCode,
  type EtimsAnswer,
  type TaxDocument,
  type TaxDocumentRow,
  taxBands,
} from "../../../contract/invoices";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { orders, taxDocuments } from "../../db/schema";
import { notFound } from "../../errors";
import { companySettings } from "../settings/company";

type DocumentRow = typeof taxDocuments.$inferSelect;

/** Where the document stands with KRA, and the QR link to KRA's receipt check once accepted. */
export function etimsAnswer(
  row: DocumentRow,
  receiptCheckUrl: string,
  tin: string | null,
  bhfId: string,
): EtimsAnswer {
  const accepted = row.etimsStatus === "accepted";
  return {
    status: row.etimsStatus,
    invoiceNumber: accepted ? row.etimsInvcNo : null,
    receiptNumber: row.receiptNo,
    totalReceiptNumber: row.totalReceiptNo,
    internalData: row.internalData,
    signature: row.signature,
    controlUnitId: row.sdcId,
    controlUnitDate: row.sdcDateTime,
    qrUrl: accepted && row.signature && tin ? `${receiptCheckUrl}${tin}${bhfId}${row.signature}` : null,
    attempts: row.etimsAttempts,
    lastAttemptAt: row.etimsLastAttemptAt?.toISOString() ?? null,
    lastError: row.etimsError,
  };
}

const original = aliasedTable(taxDocuments, "original");

type Joined = { doc: DocumentRow; orderNumber: string; originalNumber: string | null };

/** Documents with their order's and original invoice's numbers, newest first. */
export async function documentRows(
  db: Db,
  where: SQL | undefined,
  page?: { limit: number; offset: number; order: SQL[] },
): Promise<Joined[]> {
  const query = db
    .select({ doc: taxDocuments, orderNumber: orders.orderNumber, originalNumber: original.number })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .leftJoin(original, eq(original.id, taxDocuments.originalId))
    .where(where)
    .orderBy(...(page?.order ?? [desc(taxDocuments.issuedAt), desc(taxDocuments.id)]));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** The company's PIN and branch the QR links carry (the PIN the documents were sent under). */
export async function etimsIdentity(ctx: AppContext, db: Db) {
  const company = await companySettings(db, ctx.config.bank);
  return { tin: company.kraPin, bhfId: company.bhfId, receiptCheckUrl: ctx.config.etims.receiptCheckUrl };
}
type Identity = Awaited<ReturnType<typeof etimsIdentity>>;

export function toTaxDocument({ doc, orderNumber, originalNumber }: Joined, id: Identity): TaxDocument {
  return {
    id: doc.id,
    kind: doc.kind,
    number: doc.number,
    orderId: doc.orderId,
    orderNumber,
    originalNumber,
    reasonCode: doc.reasonCode as CreditReasonCode | null,
    reason: doc.reason,
    buyerName: doc.buyerName,
    buyerPin: doc.buyerPin,
    paymentType: doc.paymentType,
    lines: doc.lines,
    bands: taxBands(doc.lines),
    totalKes: doc.totalKes,
    taxKes: doc.taxKes,
    issuedAt: doc.issuedAt.toISOString(),
    etims: etimsAnswer(doc, id.receiptCheckUrl, id.tin, id.bhfId),
  };
}

export function toDocumentRow(joined: Joined, id: Identity): TaxDocumentRow {
  const {
    lines: _l,
    bands: _b,
    reasonCode: _c,
    reason: _r,
    buyerPin: _p,
    paymentType: _t,
    taxKes: _x,
    ...row
  } = toTaxDocument(joined, id);
  return row;
}

/** One document by a condition (an order's invoice, a credit note by id), or 404 as `what`. */
export async function readDocument(ctx: AppContext, where: SQL, what: string): Promise<TaxDocument> {
  return ctx.database.read(async (db) => {
    const [row] = await documentRows(db, where);
    if (!row) throw notFound(what);
    return toTaxDocument(row, await etimsIdentity(ctx, db));
  });
}

export const invoiceOfOrder = (orderId: number) =>
  and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, "invoice"))!;
