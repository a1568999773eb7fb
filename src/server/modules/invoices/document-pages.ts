import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { DocumentListQuery, documentListQuery, TaxDocumentRow } from "../../../contract/invoices";
import { answerOf, type Db, isoText } from "../../db/adapter";
import { orders, taxDocuments } from "../../db/schema";
import { filteredPages } from "../../http/list-pages";
import { type etimsIdentity, receiptCheckLink } from "./read";

type DocumentSort = NonNullable<DocumentListQuery["sort"]>;
type EtimsStatus = NonNullable<DocumentListQuery["status"]>;

/** The column of each declared sort (a document's number follows its id). */
export const documentSortColumns = {
  issuedAt: taxDocuments.issuedAt,
  number: taxDocuments.id,
  totalKes: taxDocuments.totalKes,
} satisfies Record<DocumentSort, unknown>;

const d = taxDocuments;

/**
 * A document's row as the eTIMS screen lists it, its eTIMS answer built beside it (`etimsAnswer` in
 * read.ts): all but the QR link, which needs the company's PIN.
 */
const answer = sql`${answerOf({ id: d.id, kind: d.kind, number: d.number, orderId: d.orderId })},
  ${orders.orderNumber} as "orderNumber", original.number as "originalNumber",
  ${answerOf({ buyerName: d.buyerName, totalKes: d.totalKes, issuedAt: d.issuedAt })},
  json_build_object('status', ${d.etimsStatus},
    'invoiceNumber', case when ${d.etimsStatus} = 'accepted' then ${d.etimsInvcNo} end,
    'receiptNumber', ${d.receiptNo}, 'totalReceiptNumber', ${d.totalReceiptNo},
    'internalData', ${d.internalData}, 'signature', ${d.signature}, 'controlUnitId', ${d.sdcId},
    'controlUnitDate', ${d.sdcDateTime}, 'qrUrl', null, 'attempts', ${d.etimsAttempts},
    'lastAttemptAt', ${isoText(d.etimsLastAttemptAt)},
    'lastError', ${d.etimsError}) as etims`;

/**
 * The eTIMS screen's page of every document, or of one eTIMS state, prepared for each sort (decision 51):
 * a Director checks it through the day, and at 1M orders it holds some 300,000 documents.
 */
const documentPages = filteredPages<DocumentSort, "status", EtimsStatus, TaxDocumentRow>(
  "document_page",
  documentSortColumns,
  d.id,
  sql`select ${answer} from ${d} join ${orders} on ${orders.id} = ${d.orderId}
    left join ${d} as original on original.id = ${d.originalId}`,
  { key: "status", column: d.etimsStatus },
);

/** A page of documents with each accepted one's QR link to KRA's receipt check. */
export async function documentPage(
  db: Db,
  query: z.output<typeof documentListQuery>,
  id: Awaited<ReturnType<typeof etimsIdentity>>,
): Promise<TaxDocumentRow[]> {
  const rows = await documentPages(db, query);
  for (const { etims } of rows) etims.qrUrl = receiptCheckLink(id, etims.status, etims.signature);
  return rows;
}
