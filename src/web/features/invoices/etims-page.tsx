import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Clock, FileWarning, ReceiptText } from "lucide-react";
import { useState } from "react";
import { documentPdfUrl } from "../../../contract/document-links";
import {
  type DocumentListQuery,
  type EtimsStatus,
  type EtimsSummary,
  etimsStatuses,
  etimsStatusLabels,
  type TaxDocumentRow,
} from "../../../contract/invoices";
import { ChoiceSelect } from "../../components/choice-select";
import { LinkButton } from "../../components/link-button";
import { FilterBar, ListScreen, ListState, type Stat } from "../../components/list-screen";
import { SortSelect } from "../../components/sort-select";
import { DocumentDialog } from "../../components/tax-documents/document-dialog";
import { EtimsBadge } from "../../components/tax-documents/etims-badge";
import { Button } from "../../components/ui/button";
import { toastOutcome } from "../../components/ui/use-toast";
import { formatDateTime, formatKes } from "../../lib/format";
import { sortOf, useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { invoiceQueries, useResend, useResendAllRefused } from "./api";

const statsOf = (s: EtimsSummary): Stat[] => [
  { label: "Waiting for KRA", value: s.queued, icon: Clock },
  { label: "Refused by KRA", value: s.refused, icon: FileWarning },
  { label: "Stuck over 15 minutes", value: s.stuck, icon: ReceiptText },
];

const modeWords: Record<EtimsSummary["mode"], string> = {
  simulator: "the built-in eTIMS simulator (demo)",
  sandbox: "KRA's eTIMS sandbox",
  production: "KRA eTIMS",
  off: "nowhere: eTIMS is off (ETIMS_MODE=off), so documents wait here",
};

/** What went to KRA: every tax document with its eTIMS state and KRA's reason, sent again from here. */
export default function EtimsPage() {
  const list = useListParams({ status: "all", sort: "issuedAt", order: "desc" });
  const status = list.values.status as EtimsStatus | "all";
  const filters = { ...(status === "all" ? {} : { status }), ...sortOf<DocumentListQuery>(list.values) };
  const page = usePage(filters);
  const documents = useQuery({
    ...invoiceQueries.etims({ ...filters, ...page.params }),
    refetchInterval: 5000,
  });
  const summary = useQuery({ ...invoiceQueries.etimsSummary(), refetchInterval: 5000 });
  const resend = useResend();
  const resendAll = useResendAllRefused();
  const [viewing, setViewing] = useState<TaxDocumentRow>();
  const s = summary.data;
  return (
    <ListScreen
      title="eTIMS documents"
      subtitle={
        s
          ? `Tax invoices and credit notes go to ${modeWords[s.mode]}.${s.pinSet ? "" : " Set the company's KRA PIN in Settings: nothing is sent without it."}`
          : "Tax invoices and credit notes, and where each stands with KRA."
      }
      stats={s && statsOf(s)}
      actions={
        <Button
          disabled={!s?.refused || resendAll.isPending}
          onClick={() =>
            resendAll.mutate(
              undefined,
              toastOutcome("Every refused document will be sent again", "Could not resend"),
            )
          }
        >
          Resend all refused
        </Button>
      }
      listTitle="Documents"
      filters={
        <FilterBar>
          <ChoiceSelect
            label="Filter by eTIMS state"
            all="Every state"
            className="sm:w-52"
            options={etimsStatuses.map((v) => [v, etimsStatusLabels[v]] as const)}
            value={status}
            onChange={(v) => list.set({ status: v })}
          />
          <SortSelect
            options={[
              ["issuedAt:desc", "Newest first"],
              ["issuedAt:asc", "Oldest first"],
              ["totalKes:desc", "Largest first"],
            ]}
            value={list.values}
            onChange={list.set}
          />
        </FilterBar>
      }
      dialogs={viewing && <DocumentDialog row={viewing} onClose={() => setViewing(undefined)} />}
    >
      <ListState
        query={documents}
        page={page}
        label="documents"
        empty={{
          icon: CheckCircle2,
          title: status === "all" ? "No tax documents yet" : "None in this state",
        }}
      >
        {(rows) => (
          <ul className="divide-y divide-gray-100 dark:divide-gray-800">
            {rows.map((d) => (
              <li
                key={d.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 text-sm"
                data-testid="etims-document"
              >
                <span className="font-mono font-semibold">{d.number}</span>
                <span className="text-gray-500">
                  {d.kind === "invoice" ? "Invoice" : "Credit note"} · {d.orderNumber} · {d.buyerName}
                </span>
                <EtimsBadge status={d.etims.status} />
                <span className="tabular-nums">{formatKes(d.totalKes)}</span>
                <span className="text-gray-500">{formatDateTime(d.issuedAt)}</span>
                <span className="ml-auto flex gap-2">
                  <Button size="sm" variant="outline" onClick={() => setViewing(d)}>
                    View
                  </Button>
                  <LinkButton size="sm" variant="outline" href={documentPdfUrl(d, "a4")} download>
                    PDF
                  </LinkButton>
                  {(d.etims.status === "refused" ||
                    d.etims.status === "queued" ||
                    d.etims.status === "sending") && (
                    <Button
                      size="sm"
                      disabled={resend.isPending}
                      onClick={() =>
                        resend.mutate(
                          d.id,
                          toastOutcome(`${d.number} will be sent again`, "Could not resend"),
                        )
                      }
                    >
                      Resend
                    </Button>
                  )}
                </span>
                {d.etims.lastError && d.etims.status !== "accepted" && (
                  <p className="w-full text-red-700 dark:text-red-400" data-testid="etims-reason">
                    {d.etims.lastError}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </ListScreen>
  );
}
