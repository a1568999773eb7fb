import { useQuery } from "@tanstack/react-query";
import { Clock, DollarSign, PiggyBank, Receipt, TrendingUp, Undo2, Wallet } from "lucide-react";
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
/** The ledger's words, as on every screen: revenue is booked order value, received is paid on it. */
const statsOf = (s: FinancialSummary): Stat[] => [
  {
    label: "Total Revenue KES",
    value: formatKes(s.totalRevenue),
    icon: Wallet,
    hint: "Booked: approved and later orders, not cancelled or rejected",
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
    hint: "Booked on orders placed this month",
  },
  {
    label: "Pending Payments",
    value: formatKes(s.pendingPayments),
    icon: Clock,
    hint: `Outstanding: ${formatKes(s.receivedKes)} received of ${formatKes(s.bookedKes)} booked`,
  },
  {
    label: "Client Deposits",
    value: formatKes(s.depositsKes),
    icon: PiggyBank,
    hint: "Paid on orders awaiting approval: not revenue until approved",
  },
  {
    label: "To Refund",
    value: formatKes(s.refundDueKes),
    icon: Undo2,
    hint: `Paid on rejected or cancelled orders, not yet paid back; ${formatKes(s.refundedKes)} refunded so far`,
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
