import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { documentPdfUrl } from "../../../contract/document-links";
import type { TaxDocumentRow } from "../../../contract/invoices";
import { type OrderDetail, orderEnded } from "../../../contract/orders";
import { LinkButton } from "../../components/link-button";
import { DocumentDialog } from "../../components/tax-documents/document-dialog";
import { EtimsBadge } from "../../components/tax-documents/etims-badge";
import { Button } from "../../components/ui/button";
import { apiErrorMessage } from "../../lib/api";
import { formatKes } from "../../lib/format";
import { invoiceQueries, useIssueInvoice } from "../invoices/api";

/**
 * The order's tax invoice and credit notes with where each stands with KRA (the last attempt's error
 * inline), and, while it has none, issuing its invoice by hand, which says why when it cannot be.
 */
export function OrderDocuments({ order, canIssue }: { order: OrderDetail; canIssue: boolean }) {
  const documents = useQuery(invoiceQueries.orderDocuments(order.id));
  const issue = useIssueInvoice();
  const [open, setOpen] = useState<TaxDocumentRow>();
  const rows = documents.data ?? [];
  const invoiced = rows.some((d) => d.kind === "invoice" && d.etims.status !== "voided");
  return (
    <div data-testid="order-documents" className="space-y-2">
      <h4 className="font-semibold">Tax documents</h4>
      {rows.map((d) => (
        <div key={d.id} className="flex flex-wrap items-center gap-2" data-testid="order-document">
          <span className="font-mono">{d.number}</span>
          <span className="text-gray-500">{d.kind === "invoice" ? "Tax invoice" : "Credit note"}</span>
          <EtimsBadge status={d.etims.status} />
          <span className="tabular-nums">{formatKes(d.totalKes)}</span>
          <Button size="sm" variant="outline" onClick={() => setOpen(d)}>
            View
          </Button>
          <LinkButton size="sm" variant="outline" href={documentPdfUrl(d, "a4")} download>
            PDF
          </LinkButton>
          {d.etims.lastError && d.etims.status !== "accepted" && (
            <p className="w-full text-xs text-red-700 dark:text-red-400">Last attempt: {d.etims.lastError}</p>
          )}
        </div>
      ))}
      {!invoiced && documents.isSuccess && (
        <div className="space-y-2 text-gray-600 dark:text-gray-400">
          <p>No tax invoice yet: it is issued when the order is paid in full, or ships on credit.</p>
          {canIssue && !orderEnded(order.status) && (
            <Button size="sm" disabled={issue.isPending} onClick={() => issue.mutate({ orderId: order.id })}>
              Issue invoice
            </Button>
          )}
          {issue.isError && (
            <p role="alert" className="text-red-700 dark:text-red-400">
              {apiErrorMessage(issue.error)}
            </p>
          )}
        </div>
      )}
      {open && <DocumentDialog row={open} onClose={() => setOpen(undefined)} />}
    </div>
  );
}
