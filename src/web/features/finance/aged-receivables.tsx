import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { agedBucketLabels, agedBuckets } from "../../../contract/statements";
import { LoadError } from "../../components/load-error";
import { Pager } from "../../components/pager";
import { Card } from "../../components/ui/card";
import { LoadingBars } from "../../components/ui/loading-bars";
import { formatKes } from "../../lib/format";
import { PAGE_SIZE, usePage } from "../../lib/use-page";
import { invoiceQueries } from "../invoices/api";

/**
 * What each customer owes on invoices, by age, each customer opening their statement: a page of those who owe
 * most (its own page number in the address), and the totals over all of them.
 */
export function AgedReceivables() {
  const page = usePage(null, PAGE_SIZE, "agedPage");
  const aged = useQuery(invoiceQueries.aged(page.params));
  const rows = page.rowsOf(aged.data?.rows);
  return (
    <Card className="space-y-3 p-4" data-testid="aged-receivables">
      <h3 className="font-semibold">Aged receivables</h3>
      {aged.isLoading && <LoadingBars label="Loading aged receivables" />}
      {aged.isError && <LoadError label="aged receivables" onRetry={() => aged.refetch()} />}
      {aged.data && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-gray-500">
              <tr>
                <th className="py-1 font-medium">Customer</th>
                {agedBuckets.map((b) => (
                  <th key={b} className="py-1 text-right font-medium">
                    {agedBucketLabels[b]}
                  </th>
                ))}
                <th className="py-1 text-right font-medium">Total</th>
              </tr>
            </thead>
            <tbody>
              {aged.data.customerCount === 0 && (
                <tr>
                  <td colSpan={6} className="py-4 text-center text-gray-500">
                    Nothing is owed on any invoice
                  </td>
                </tr>
              )}
              {rows.map((r) => (
                <tr key={r.customerId} className="border-t border-gray-100 dark:border-gray-800">
                  <td className="py-1">
                    <Link
                      href={`/customers/${r.customerId}/statement`}
                      className="text-green-700 underline dark:text-green-400"
                    >
                      {r.name}
                    </Link>
                  </td>
                  {agedBuckets.map((b) => (
                    <td key={b} className="py-1 text-right tabular-nums">
                      {r[b] ? formatKes(r[b]) : "–"}
                    </td>
                  ))}
                  <td className="py-1 text-right font-semibold tabular-nums">{formatKes(r.totalKes)}</td>
                </tr>
              ))}
            </tbody>
            {aged.data.customerCount > 0 && (
              <tfoot>
                <tr className="border-t border-gray-200 font-semibold dark:border-gray-700">
                  <td className="py-1">All customers</td>
                  {agedBuckets.map((b) => (
                    <td key={b} className="py-1 text-right tabular-nums">
                      {formatKes(aged.data.totals[b])}
                    </td>
                  ))}
                  <td className="py-1 text-right tabular-nums">{formatKes(aged.data.totals.totalKes)}</td>
                </tr>
              </tfoot>
            )}
          </table>
          <Pager page={page} rows={aged.data.rows} total={aged.data.customerCount} label="Aged receivables" />
        </div>
      )}
    </Card>
  );
}
