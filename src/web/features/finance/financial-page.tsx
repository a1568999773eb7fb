import { useQuery } from "@tanstack/react-query";
import { Clock, DollarSign, Receipt, TrendingUp, Wallet } from "lucide-react";
import { useState } from "react";
import type { FinancialSummary } from "../../../contract/finance";
import { AddButton } from "../../components/add-button";
import { ListScreen, ListState, type Stat } from "../../components/list-screen";
import { formatKes, formatUsd } from "../../lib/format";
import { usePage } from "../../lib/use-page";
import { financeQueries } from "./api";
import { RecordTransactionDialog } from "./record-transaction-dialog";
import { TransactionTable } from "./transaction-table";

const listing = {
  label: "transactions",
  empty: { icon: Receipt, title: "No transactions recorded yet", testId: "transactions-empty" },
};

const screen = { title: "Financial Management", subtitle: "Revenue, payments and expenses" };
const statsOf = (s: FinancialSummary): Stat[] => [
  {
    label: "Total Revenue KES",
    value: formatKes(s.totalRevenue),
    icon: Wallet,
    hint: "Income received, net of refunds",
  },
  {
    label: "Total Revenue USD",
    value: formatUsd(s.totalRevenueUsd),
    icon: DollarSign,
    hint: "The same, at 150 KES per dollar",
  },
  {
    label: "Monthly Revenue",
    value: formatKes(s.monthlyRevenue),
    icon: TrendingUp,
    hint: "Income received this month",
  },
  {
    label: "Pending Payments",
    value: formatKes(s.pendingPayments),
    icon: Clock,
    hint: `Outstanding on booked orders: ${formatKes(s.receivedKes)} of ${formatKes(s.bookedKes)} received`,
  },
];

export default function FinancialPage() {
  const page = usePage();
  const summary = useQuery(financeQueries.summary());
  const transactions = useQuery(financeQueries.transactions(page.params));
  const [open, setOpen] = useState(false);
  return (
    <ListScreen
      {...screen}
      actions={<AddButton label="Record Transaction" onClick={() => setOpen(true)} />}
      stats={summary.data && statsOf(summary.data)}
      listTitle="Recent Transactions"
      dialogs={<RecordTransactionDialog open={open} onOpenChange={setOpen} />}
    >
      <ListState query={transactions} page={page} {...listing}>
        {(rows) => <TransactionTable transactions={rows} />}
      </ListState>
    </ListScreen>
  );
}
