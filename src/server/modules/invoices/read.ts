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

/**
 * What a list of documents shows of each: no lines (a JSON array per document), no reason or tax, so the
 * eTIMS screen's 51 rows are read, sent and mapped without them.
 */
const rowColumns = {
  id: taxDocuments.id,
  kind: taxDocuments.kind,
  number: taxDocuments.number,
  orderId: taxDocuments.orderId,
  buyerName: taxDocuments.buyerName,
  totalKes: taxDocuments.totalKes,
  issuedAt: taxDocuments.issuedAt,
  etimsStatus: taxDocuments.etimsStatus,
  etimsInvcNo: taxDocuments.etimsInvcNo,
  receiptNo: taxDocuments.receiptNo,
  totalReceiptNo: taxDocuments.totalReceiptNo,
  internalData: taxDocuments.internalData,
  signature: taxDocuments.signature,
  sdcId: taxDocuments.sdcId,
  sdcDateTime: taxDocuments.sdcDateTime,
  etimsAttempts: taxDocuments.etimsAttempts,
  etimsLastAttemptAt: taxDocuments.etimsLastAttemptAt,
  etimsError: taxDocuments.etimsError,
};
type ListedRow = Pick<DocumentRow, keyof typeof rowColumns>;

/** The QR link to KRA's receipt check for a document KRA accepted and signed, under the company's PIN. */
export const receiptCheckLink = (
  id: Identity,
  status: ListedRow["etimsStatus"],
  signature: string | null,
): string | null =>
  status === "accepted" && signature && id.tin
    ? `${id.receiptCheckUrl}${id.tin}${id.bhfId}${signature}`
    : null;

/** Where the document stands with KRA, and the QR link to KRA's receipt check once accepted. */
export function etimsAnswer(row: ListedRow, id: Identity): EtimsAnswer {
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
    qrUrl: receiptCheckLink(id, row.etimsStatus, row.signature),
    attempts: row.etimsAttempts,
    lastAttemptAt: row.etimsLastAttemptAt?.toISOString() ?? null,
    lastError: row.etimsError,
  };
}

const original = aliasedTable(taxDocuments, "original");

type Joined<Row = DocumentRow> = { doc: Row; orderNumber: string; originalNumber: string | null };

type Page = { limit: number; offset: number; order: SQL[] };

/** Documents with their order's and original invoice's numbers, newest first. */
const documentRows = (db: Db, where: SQL | undefined): Promise<Joined[]> =>
  joinedDocuments(db, taxDocuments, where);

/** The same with a list's columns (`rowColumns`), a page at a time. */
export const listedDocumentRows = (db: Db, where: SQL | undefined, page?: Page) =>
  joinedDocuments(db, rowColumns, where, page);

function joinedDocuments(db: Db, columns: typeof taxDocuments, where: SQL | undefined): Promise<Joined[]>;
function joinedDocuments(
  db: Db,
  columns: typeof rowColumns,
  where: SQL | undefined,
  page?: Page,
): Promise<Joined<ListedRow>[]>;
async function joinedDocuments(
  db: Db,
  columns: typeof rowColumns | typeof taxDocuments,
  where: SQL | undefined,
  page?: Page,
): Promise<Joined<ListedRow>[]> {
  const query = db
    .select({ doc: columns, orderNumber: orders.orderNumber, originalNumber: original.number })
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

export function toTaxDocument(joined: Joined, id: Identity): TaxDocument {
  const { doc } = joined;
  return {
    ...toDocumentRow(joined, id),
    reasonCode: doc.reasonCode as CreditReasonCode | null,
    reason: doc.reason,
    buyerPin: doc.buyerPin,
    paymentType: doc.paymentType,
    lines: doc.lines,
    bands: taxBands(doc.lines),
    taxKes: doc.taxKes,
  };
}

export function toDocumentRow(
  { doc, orderNumber, originalNumber }: Joined<ListedRow>,
  id: Identity,
): TaxDocumentRow {
  return {
    id: doc.id,
    kind: doc.kind,
    number: doc.number,
    orderId: doc.orderId,
    orderNumber,
    originalNumber,
    buyerName: doc.buyerName,
    totalKes: doc.totalKes,
    issuedAt: doc.issuedAt.toISOString(),
    etims: etimsAnswer(doc, id),
  };
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
