import { Clock, DollarSign, Plus, Receipt, TrendingUp, Wallet } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "../../components/page-header";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingBars } from "../../components/ui/loading-bars";
import { StatCard } from "../../components/ui/stat-card";
import { cn } from "../../lib/cn";
import { formatDate, formatKes, formatMoney, formatUsd } from "../../lib/format";
import { useFinancialSummary, useTransactions } from "./api";
import { RecordTransactionDialog } from "./record-transaction-dialog";

const statusTone = { completed: "green", pending: "yellow", failed: "red" } as const;
const typeTone = { income: "green", expense: "red", transfer: "blue" } as const;

export default function FinancialPage() {
  const summary = useFinancialSummary();
  const transactions = useTransactions();
  const [open, setOpen] = useState(false);
  const s = summary.data;

  return (
    <div>
      <PageHeader
        title="Financial Management"
        subtitle="Revenue, payments and expenses"
        actions={
          <Button onClick={() => setOpen(true)}>
            <Plus /> Record Transaction
          </Button>
        }
      />
      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Total Revenue KES"
          value={s && formatKes(s.totalRevenue)}
          icon={Wallet}
          hint="Income received, net of refunds"
        />
        <StatCard
          label="Total Revenue USD"
          value={s && formatUsd(s.totalRevenueUsd)}
          icon={DollarSign}
          hint="The same, at 150 KES per dollar"
        />
        <StatCard
          label="Monthly Revenue"
          value={s && formatKes(s.monthlyRevenue)}
          icon={TrendingUp}
          hint="Income received this month"
        />
        <StatCard
          label="Pending Payments"
          value={s && formatKes(s.pendingPayments)}
          icon={Clock}
          hint={
            s
              ? `Outstanding on booked orders: ${formatKes(s.receivedKes)} of ${formatKes(s.bookedKes)} received`
              : undefined
          }
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Recent Transactions</CardTitle>
        </CardHeader>
        <CardContent>
          {transactions.isLoading ? (
            <LoadingBars label="Loading transactions" />
          ) : !transactions.data || transactions.data.length === 0 ? (
            <EmptyState icon={Receipt} title="No transactions recorded yet" testId="transactions-empty" />
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[720px] text-left text-sm" data-testid="transactions-table">
                <thead className="text-xs uppercase text-gray-500">
                  <tr>
                    <th className="py-2 pr-3 font-medium">Date</th>
                    <th className="py-2 pr-3 font-medium">Type</th>
                    <th className="py-2 pr-3 font-medium">Description</th>
                    <th className="py-2 pr-3 text-right font-medium">Amount</th>
                    <th className="py-2 pr-3 font-medium">Status</th>
                    <th className="py-2 font-medium">Reference</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                  {transactions.data.map((t) => (
                    <tr key={t.id} data-testid="transaction-row">
                      <td className="whitespace-nowrap py-2 pr-3">{formatDate(t.date)}</td>
                      <td className="py-2 pr-3">
                        <Badge tone={typeTone[t.type]} className="capitalize">
                          {t.type}
                        </Badge>
                      </td>
                      <td className="py-2 pr-3">{t.description}</td>
                      <td
                        className={cn(
                          "whitespace-nowrap py-2 pr-3 text-right tabular-nums",
                          t.type === "expense" && "text-red-700 dark:text-red-400",
                        )}
                      >
                        {t.type === "expense" ? "-" : ""}
                        {formatMoney(t.amount, t.currency)}
                      </td>
                      <td className="py-2 pr-3">
                        <Badge tone={statusTone[t.status]} className="capitalize">
                          {t.status}
                        </Badge>
                      </td>
                      <td className="py-2 font-mono text-xs">{t.reference ?? "–"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
      <RecordTransactionDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}
