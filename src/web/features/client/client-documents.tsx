import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { documentPdfUrl } from "../../../contract/document-links";
import type { TaxDocumentRow } from "../../../contract/invoices";
import { LinkButton } from "../../components/link-button";
import { ListState } from "../../components/list-screen";
import { EtimsBadge } from "../../components/tax-documents/etims-badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatDate, formatKes } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { usePage } from "../../lib/use-page";
import { invoiceQueries } from "../invoices/api";

// Loaded when first opened: the dialog's parts are the toaster's too, and the landing page loads the toaster
// without the client screens (entry-chunk.e2e.ts).
const DocumentDialog = lazy(() =>
  import("../../components/tax-documents/document-dialog").then((m) => ({ default: m.DocumentDialog })),
);

/**
 * The client's tax invoices and credit notes, under My Orders or on one order's page (`orderId`): each to
 * read, or to download as a PDF.
 */
export function ClientDocuments({ orderId }: { orderId?: number }) {
  const t = useT();
  const page = usePage([], 10, "invoicesPage");
  const documents = useQuery(invoiceQueries.client(orderId ? { ...page.params, orderId } : page.params));
  const [open, setOpen] = useState<TaxDocumentRow>();
  return (
    <section className="space-y-3" aria-labelledby="client-documents">
      <h2 id="client-documents" className="text-lg font-semibold">
        {t("doc.title")}
      </h2>
      <ListState
        query={documents}
        page={page}
        label={t("doc.list")}
        empty={{ icon: FileText, title: t("doc.none") }}
      >
        {(rows) =>
          rows.map((d) => (
            <Card
              key={d.id}
              className="flex flex-wrap items-center justify-between gap-3 p-4"
              data-testid="client-document"
            >
              <div>
                <p className="font-mono text-sm font-semibold">
                  {t(`doc.${d.kind}`)} {d.number}
                </p>
                <p className="text-xs text-gray-500">
                  {d.orderNumber} · {formatDate(d.issuedAt)}
                  {d.originalNumber && ` · ${t("doc.original")} ${d.originalNumber}`}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <EtimsBadge status={d.etims.status} />
                <span className="font-semibold tabular-nums">{formatKes(d.totalKes)}</span>
                <Button size="sm" variant="outline" onClick={() => setOpen(d)}>
                  {t("doc.view")}
                </Button>
                <LinkButton
                  size="sm"
                  href={documentPdfUrl(d, "a4")}
                  download
                  aria-label={`${t("doc.pdf")} ${d.number}`}
                >
                  PDF
                </LinkButton>
              </div>
            </Card>
          ))
        }
      </ListState>
      {open && (
        <Suspense fallback={null}>
          <DocumentDialog row={open} onClose={() => setOpen(undefined)} />
        </Suspense>
      )}
    </section>
  );
}
