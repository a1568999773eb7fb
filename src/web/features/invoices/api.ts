import type {
  DocumentListQuery,
  EtimsSummary,
  TaxDocument,
  TaxDocumentRow,
} from "../../../contract/invoices";
import type { Pagination } from "../../../contract/pagination";
import type { AgedReceivables, Statement } from "../../../contract/statements";
import type { TaxType } from "../../../contract/tax";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const invoiceQueries = {
  orderDocuments: (orderId: number) => getQuery<TaxDocumentRow[]>(`/api/orders/${orderId}/tax-documents`),
  client: (query: Partial<Pagination> & { orderId?: number }) =>
    getQuery<TaxDocumentRow[]>("/api/client/invoices", query),
  etims: (query: DocumentListQuery) => getQuery<TaxDocumentRow[]>("/api/etims/documents", query),
  etimsSummary: () => getQuery<EtimsSummary>("/api/etims/summary"),
  statement: (customerId: number, query: { from?: string; to?: string } & Pagination) =>
    getQuery<Statement>(`/api/customers/${customerId}/statement`, query),
  aged: (page: Pagination) => getQuery<AgedReceivables>("/api/receivables/aged", page),
};

/** A statement's PDF or CSV for the same period as the screen shows. */
export const statementUrl = (
  customerId: number,
  format: "pdf" | "csv",
  range: { from?: string; to?: string },
) => {
  const query = new URLSearchParams(Object.entries(range).filter(([, v]) => v) as [string, string][]);
  return `/api/customers/${customerId}/statement.${format}${query.size ? `?${query}` : ""}`;
};

const documentPaths = ["/api/orders", "/api/etims", "/api/credit-notes", "/api/client/invoices"];

export const useIssueInvoice = () =>
  useApiMutation(
    ({ orderId, taxType }: { orderId: number; taxType?: TaxType }) =>
      apiJson<TaxDocument>("POST", `/api/orders/${orderId}/invoice`, taxType ? { taxType } : {}),
    { invalidates: documentPaths },
  );

export const useResend = () =>
  useApiMutation(
    (id: number) => apiJson<{ resent: number }>("POST", `/api/etims/documents/${id}/resend`, {}),
    { invalidates: documentPaths },
  );

export const useResendAllRefused = () =>
  useApiMutation(() => apiJson<{ resent: number }>("POST", "/api/etims/documents/resend", {}), {
    invalidates: documentPaths,
  });
