import { useQuery } from "@tanstack/react-query";
import { Clock, DollarSign, Plus, Receipt, TrendingUp, Wallet } from "lucide-react";
import { useState } from "react";
import { ListScreen, ListState } from "../../components/list-screen";
import { Button } from "../../components/ui/button";
import { formatKes, formatUsd } from "../../lib/format";
import { usePage } from "../../lib/use-page";
import { financeQueries } from "./api";
import { RecordTransactionDialog } from "./record-transaction-dialog";
import { TransactionTable } from "./transaction-table";

export default function FinancialPage() {
  const page = usePage();
  const summary = useQuery(financeQueries.summary());
  const transactions = useQuery(financeQueries.transactions(page.params));
  const [open, setOpen] = useState(false);
  const s = summary.data;
  return (
    <ListScreen
      title="Financial Management"
      subtitle="Revenue, payments and expenses"
      actions={
        <Button onClick={() => setOpen(true)}>
          <Plus /> Record Transaction
        </Button>
      }
      stats={[
        {
          label: "Total Revenue KES",
          value: s && formatKes(s.totalRevenue),
          icon: Wallet,
          hint: "Income received, net of refunds",
        },
        {
          label: "Total Revenue USD",
          value: s && formatUsd(s.totalRevenueUsd),
          icon: DollarSign,
          hint: "The same, at 150 KES per dollar",
        },
        {
          label: "Monthly Revenue",
          value: s && formatKes(s.monthlyRevenue),
          icon: TrendingUp,
          hint: "Income received this month",
        },
        {
          label: "Pending Payments",
          value: s && formatKes(s.pendingPayments),
          icon: Clock,
          hint: s
            ? `Outstanding on booked orders: ${formatKes(s.receivedKes)} of ${formatKes(s.bookedKes)} received`
            : undefined,
        },
      ]}
      listTitle="Recent Transactions"
      dialogs={<RecordTransactionDialog open={open} onOpenChange={setOpen} />}
    >
      <ListState
        query={transactions}
        page={page}
        label="transactions"
        empty={{ icon: Receipt, title: "No transactions recorded yet", testId: "transactions-empty" }}
      >
        {(rows) => <TransactionTable transactions={rows} />}
      </ListState>
    </ListScreen>
  );
}
