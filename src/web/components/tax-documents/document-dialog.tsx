import { useQuery } from "@tanstack/react-query";
import { documentPath } from "../../../contract/document-links";
import type { TaxDocument, TaxDocumentRow } from "../../../contract/invoices";
import { useT } from "../../lib/i18n/i18n";
import { getQuery } from "../../lib/query";
import { RecordDialog } from "../ui/form-dialog";
import { DocumentView } from "./document-view";

/** One tax document in a dialog, read in full when opened. */
export function DocumentDialog({ row, onClose }: { row: TaxDocumentRow; onClose: () => void }) {
  const t = useT();
  const doc = useQuery(getQuery<TaxDocument>(documentPath(row)));
  return (
    <RecordDialog
      onClose={onClose}
      wide
      title={`${t(`doc.${row.kind}`)} ${row.number}`}
      description={row.buyerName}
    >
      {doc.isError && <p className="text-sm text-red-600">{t("load.failed", { what: row.number })}</p>}
      {doc.data && <DocumentView doc={doc.data} />}
    </RecordDialog>
  );
}
