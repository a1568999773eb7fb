import { and, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { documentListQuery, TaxDocument, TaxDocumentRow } from "../../../contract/invoices";
import type { TaxType } from "../../../contract/tax";
import type { AppContext } from "../../context";
import { orders, taxDocuments } from "../../db/schema";
import { forbidden, notFound } from "../../errors";
import { sortBy } from "../../http/list-sort";
import type { SessionUserRow as SessionUser } from "../auth/sessions";
import { documentPage, documentSortColumns } from "./document-pages";
import { issueInvoice } from "./issue";
import { invoicePdf } from "./pdf";
import { etimsIdentity, invoiceOfOrder, listedDocumentRows, readDocument, toDocumentRow } from "./read";

/** Staff see every document; a client only those of their own orders (404 otherwise, as for the order). */
async function mayRead(ctx: AppContext, user: SessionUser, orderId: number): Promise<void> {
  if (user.role !== "client") return;
  const [order] = await ctx.database.read((db) =>
    db.select({ owner: orders.clientUserId }).from(orders).where(eq(orders.id, orderId)),
  );
  if (!order || order.owner !== user.id) throw notFound("Order");
}

/** Every document of an order (its invoice, credit notes, any voided one), newest first. */
export async function orderDocuments(
  ctx: AppContext,
  user: SessionUser,
  orderId: number,
): Promise<TaxDocumentRow[]> {
  await mayRead(ctx, user, orderId);
  return ctx.database.read(async (db) => {
    const id = await etimsIdentity(ctx, db);
    return (await listedDocumentRows(db, eq(taxDocuments.orderId, orderId))).map((r) => toDocumentRow(r, id));
  });
}

/** The order's tax invoice; 404 until it is issued. */
export async function orderInvoice(
  ctx: AppContext,
  user: SessionUser,
  orderId: number,
): Promise<TaxDocument> {
  await mayRead(ctx, user, orderId);
  return readDocument(ctx, invoiceOfOrder(orderId), "Invoice");
}

export async function creditNote(ctx: AppContext, user: SessionUser, id: number): Promise<TaxDocument> {
  const doc = await readDocument(
    ctx,
    and(eq(taxDocuments.id, id), eq(taxDocuments.kind, "credit_note"))!,
    "Credit note",
  );
  await mayRead(ctx, user, doc.orderId).catch(() => {
    throw notFound("Credit note");
  });
  return doc;
}

/**
 * A document's PDF. Once KRA has signed it, the first print is the original and every later one (by staff
 * or the client) says COPY, as KRA asks of reprints; a print before KRA signed it counts for nothing.
 */
export async function documentPdf(
  ctx: AppContext,
  doc: TaxDocument,
  layout: "a4" | "receipt",
): Promise<Buffer> {
  let copy = false;
  if (doc.etims.status === "accepted") {
    const [printed] = await ctx.database.tx((db) =>
      db
        .update(taxDocuments)
        .set({ prints: sql`${taxDocuments.prints} + 1` })
        .where(eq(taxDocuments.id, doc.id))
        .returning({ prints: taxDocuments.prints }),
    );
    copy = printed!.prints > 1;
  }
  return invoicePdf(ctx, doc, layout, copy);
}

/** Staff issue an order's invoice by hand: a service order, or one whose items have their tax type now. */
export async function issueOrderInvoice(
  ctx: AppContext,
  user: SessionUser,
  orderId: number,
  taxType: TaxType | undefined,
): Promise<TaxDocument> {
  if (user.role === "client") throw forbidden("Staff issue invoices");
  await ctx.database.tx((db) =>
    issueInvoice(db, orderId, { actorUserId: user.id, now: ctx.clock.now(), taxType }),
  );
  return readDocument(ctx, invoiceOfOrder(orderId), "Invoice");
}

const documentOrder = (query: z.output<typeof documentListQuery>) =>
  sortBy(documentSortColumns, query, taxDocuments.id);

export function documentFilter(query: z.output<typeof documentListQuery>, clientUserId?: number) {
  return and(
    clientUserId === undefined ? undefined : eq(taxDocuments.clientUserId, clientUserId),
    query.status ? eq(taxDocuments.etimsStatus, query.status) : undefined,
    query.kind ? eq(taxDocuments.kind, query.kind) : undefined,
    query.orderId ? eq(taxDocuments.orderId, query.orderId) : undefined,
  );
}

/** The eTIMS screen's page: a prepared page when it filters by the eTIMS state alone, or by nothing. */
export function listEtimsDocuments(
  ctx: AppContext,
  query: z.output<typeof documentListQuery>,
): Promise<TaxDocumentRow[]> {
  if (query.kind || query.orderId) return listDocuments(ctx, query, documentFilter(query));
  return ctx.database.read(async (db) => documentPage(db, query, await etimsIdentity(ctx, db)));
}

/** A page of documents matching `where` (a client's own, or the eTIMS screen's filter). */
export function listDocuments(
  ctx: AppContext,
  query: z.output<typeof documentListQuery>,
  where: SQL | undefined,
): Promise<TaxDocumentRow[]> {
  return ctx.database.read(async (db) => {
    const id = await etimsIdentity(ctx, db);
    const rows = await listedDocumentRows(db, where, { ...query, order: documentOrder(query) });
    return rows.map((r) => toDocumentRow(r, id));
  });
}
