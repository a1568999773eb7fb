import { sql } from "drizzle-orm";
import type { TaxDocumentKind, TaxLine } from "../../../contract/invoices";
import type { OrderStatus } from "../../../contract/orders";
import { columnsOf, type Db, prepared, tableRow } from "../../db/adapter";
import { customers, documentCounters, orderEvents, taxDocuments } from "../../db/schema";

const prefixes: Record<TaxDocumentKind, string> = { invoice: "INV", credit_note: "CN" };

type DocumentRow = typeof taxDocuments.$inferSelect;

/** A document to issue: everything but its number, which the statement takes, and the buyer's PIN it reads. */
export interface NewDocument {
  kind: TaxDocumentKind;
  orderId: number;
  originalId: number | null;
  customerId: number | null;
  clientUserId: number | null;
  buyerName: string;
  buyerPhone: string | null;
  paymentType: string;
  reasonCode: string | null;
  reason: string | null;
  lines: TaxLine[];
  totalKes: number;
  taxKes: number;
  issuedBy: number | null;
  now: Date;
  /**
   * The order's history event naming the document ("Tax invoice INV-000042 issued (KSh 2,500)"), written by the
   * same statement; null when the change that issued it writes its own event.
   */
  event: { from: OrderStatus; to: OrderStatus; noteBefore: string; noteAfter: string } | null;
}

type Params = Omit<NewDocument, "lines" | "now" | "event"> & {
  prefix: string;
  lines: string;
  at: string;
  eventFrom: OrderStatus | null;
  eventTo: OrderStatus | null;
  noteBefore: string | null;
  noteAfter: string | null;
};

/**
 * The document, numbered, with its history event, in one statement. The next number of its kind
 * (INV-000042) comes from a counter row locked until the transaction commits, so two issuers never share a
 * number and a rollback hands it back (no gap). Every invoice waits for that row, so this is the issuing
 * transaction's last statement, sent with its COMMIT where it can be (`txEndingWith`): the row is then held
 * for no round trip.
 */
const issueStatement = prepared<Params, Record<string, unknown>>(
  "issue_tax_document",
  (p) => sql`with counter as (
      insert into ${documentCounters} (kind, last) values (${p.kind}::text, 1)
      on conflict (kind) do update set last = ${documentCounters}.last + 1
      returning last
    ), doc as (
      insert into ${taxDocuments} (kind, number, order_id, original_id, customer_id, client_user_id, buyer_name,
                                   buyer_pin, buyer_phone, payment_type, reason_code, reason, lines, total_kes,
                                   tax_kes, issued_at, issued_by, etims_due_at)
      select ${p.kind}::tax_document_kind, ${p.prefix}::text || '-' || lpad(counter.last::text, 6, '0'),
             ${p.orderId}::int, ${p.originalId}::int, ${p.customerId}::int, ${p.clientUserId}::int,
             ${p.buyerName}::text,
             (select ${customers.kraPin} from ${customers} where ${customers.id} = ${p.customerId}::int),
             ${p.buyerPhone}::text, ${p.paymentType}::text, ${p.reasonCode}::text, ${p.reason}::text,
             ${p.lines}::jsonb, ${p.totalKes}::int, ${p.taxKes}::int, ${p.at}::timestamptz, ${p.issuedBy}::int,
             ${p.at}::timestamptz
      from counter
      returning ${columnsOf(taxDocuments)}
    ), event as (
      insert into ${orderEvents} (order_id, from_status, to_status, note, actor_user_id, created_at)
      select ${p.orderId}::int, ${p.eventFrom}::order_status, ${p.eventTo}::order_status,
             ${p.noteBefore}::text || doc.number || ${p.noteAfter}::text, ${p.issuedBy}::int, ${p.at}::timestamptz
      from doc where ${p.eventTo}::order_status is not null
    )
    select * from doc`,
);

/** Issues `doc` in one statement: sent at once, so a caller may start it last and not wait for it. */
export async function insertNumberedDocument(db: Db, doc: NewDocument): Promise<DocumentRow> {
  const { lines, now, event, ...values } = doc;
  const [row] = await issueStatement(db, {
    ...values,
    prefix: prefixes[doc.kind],
    lines: JSON.stringify(lines),
    at: now.toISOString(),
    eventFrom: event?.from ?? null,
    eventTo: event?.to ?? null,
    noteBefore: event?.noteBefore ?? null,
    noteAfter: event?.noteAfter ?? null,
  });
  return tableRow(taxDocuments, row!);
}
