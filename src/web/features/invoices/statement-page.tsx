import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { statementEntryLabels } from "../../../contract/statements";
import { LinkButton } from "../../components/link-button";
import { LoadError } from "../../components/load-error";
import { PageHeader } from "../../components/page-header";
import { Pager } from "../../components/pager";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { LoadingBars } from "../../components/ui/loading-bars";
import { formatDate, formatKes } from "../../lib/format";
import { useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { invoiceQueries, statementUrl } from "./api";

/** A customer's statement of account for the period in the address, with its PDF and CSV. */
export default function StatementPage() {
  const customerId = Number(useParams<{ id: string }>().id);
  const list = useListParams({ from: "", to: "" });
  const range = {
    ...(list.values.from && { from: list.values.from }),
    ...(list.values.to && { to: list.values.to }),
  };
  const page = usePage(range);
  const statement = useQuery(invoiceQueries.statement(customerId, { ...range, ...page.params }));
  const s = statement.data;
  const entries = page.rowsOf(s?.entries);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Statement of account"
        subtitle={s ? `${s.customer.name}: ${formatDate(s.from)} to ${formatDate(s.to)}` : "Loading…"}
        actions={
          <>
            <LinkButton href={statementUrl(customerId, "pdf", range)} download>
              Download PDF
            </LinkButton>
            <LinkButton href={statementUrl(customerId, "csv", range)} download variant="outline">
              Download CSV
            </LinkButton>
          </>
        }
      />
      <div className="flex flex-wrap gap-4">
        {(["from", "to"] as const).map((end) => (
          <div key={end} className="grid gap-1">
            <Label htmlFor={`statement-${end}`}>{end === "from" ? "From" : "To"}</Label>
            <Input
              id={`statement-${end}`}
              type="date"
              value={list.values[end] || (s?.[end] ?? "")}
              onChange={(e) => list.set({ [end]: e.target.value })}
            />
          </div>
        ))}
      </div>
      {statement.isLoading && <LoadingBars label="Loading the statement" />}
      {statement.isError && <LoadError label="statement" onRetry={() => statement.refetch()} />}
      {s && (
        <>
          <div
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
            data-testid="statement-figures"
          >
            {(
              [
                ["Opening balance", s.openingKes],
                ["Invoiced", s.invoicedKes],
                ["Credit notes", s.creditedKes],
                ["Paid", s.paidKes],
                ["Refunded", s.refundedKes],
                ["Closing balance", s.closingKes],
              ] as const
            ).map(([label, kes]) => (
              <Card key={label} className="p-3">
                <p className="text-xs text-gray-500">{label}</p>
                <p className="font-semibold tabular-nums">{formatKes(kes)}</p>
              </Card>
            ))}
          </div>
          <Card className="overflow-x-auto p-0">
            <table className="w-full text-left text-sm" data-testid="statement-entries">
              <thead className="text-xs text-gray-500">
                <tr>
                  {["Date", "Entry", "Reference", "Order", "Debit", "Credit", "Balance"].map((h, i) => (
                    <th key={h} className={`px-3 py-2 font-medium ${i > 3 ? "text-right" : ""}`}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {entries.length === 0 && (
                  <tr>
                    <td colSpan={7} className="px-3 py-6 text-center text-gray-500">
                      No entries in this period
                    </td>
                  </tr>
                )}
                {entries.map((e) => (
                  <tr
                    key={`${e.kind}-${e.reference}-${e.date}`}
                    className="border-t border-gray-100 dark:border-gray-800"
                  >
                    <td className="px-3 py-2">{formatDate(e.date)}</td>
                    <td className="px-3 py-2">{statementEntryLabels[e.kind]}</td>
                    <td className="px-3 py-2 font-mono text-xs">{e.reference ?? "–"}</td>
                    <td className="px-3 py-2 font-mono text-xs">{e.orderNumber ?? "–"}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {e.debitKes ? formatKes(e.debitKes) : ""}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {e.creditKes ? formatKes(e.creditKes) : ""}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatKes(e.balanceKes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <Pager page={page} rows={s.entries} total={s.entryCount} label="Statement entries" />
        </>
      )}
    </div>
  );
}
