import { useQuery } from "@tanstack/react-query";
import { Clock, DollarSign, PiggyBank, Receipt, TrendingUp, Undo2, Wallet } from "lucide-react";
import { useDeferredValue, useState } from "react";
import {
  type FinancialSummary,
  type TransactionListQuery,
  transactionTypes,
} from "../../../contract/finance";
import { AddButton } from "../../components/add-button";
import { ChoiceSelect } from "../../components/choice-select";
import { FilterBar, ListScreen, ListState, type Stat } from "../../components/list-screen";
import { ListSearch } from "../../components/list-search";
import { SortSelect } from "../../components/sort-select";
import { capitalise, formatKes, formatUsd } from "../../lib/format";
import { sortOf, useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { AgedReceivables } from "./aged-receivables";
import { financeQueries } from "./api";
import { RecordTransactionDialog } from "./record-transaction-dialog";
import { TransactionTable } from "./transaction-table";

const emptyList = (filtering: boolean) => ({
  icon: Receipt,
  title: filtering ? "No transactions found" : "No transactions recorded yet",
  hint: filtering ? "Try adjusting your search or filters" : undefined,
  testId: "transactions-empty",
});

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

const transactionSortOptions = [
  ["date:desc", "Newest first"],
  ["date:asc", "Oldest first"],
  ["amount:desc", "Amount: high to low"],
  ["amount:asc", "Amount: low to high"],
] as const;

export default function FinancialPage() {
  const list = useListParams({ search: "", type: "all", sort: "date", order: "desc" });
  const filters = {
    search: useDeferredValue(list.values.search).trim() || undefined,
    type: list.values.type === "all" ? undefined : (list.values.type as (typeof transactionTypes)[number]),
    ...sortOf<TransactionListQuery>(list.values),
  };
  const page = usePage(filters);
  const summary = useQuery(financeQueries.summary());
  const transactions = useQuery(financeQueries.transactions({ ...filters, ...page.params }));
  const [open, setOpen] = useState(false);
  return (
    <ListScreen
      {...screen}
      actions={<AddButton label="Record Transaction" onClick={() => setOpen(true)} />}
      stats={summary.data && statsOf(summary.data)}
      listTitle="Transactions"
      filters={
        <>
          <AgedReceivables />
          <FilterBar>
            <ListSearch
              list={list}
              label="Search transactions"
              placeholder="Search by description or reference..."
            />
            <ChoiceSelect
              label="Filter by type"
              all="All types"
              className="sm:w-44"
              options={transactionTypes.map((type) => [type, capitalise(type)] as const)}
              value={list.values.type}
              onChange={(v) => list.set({ type: v })}
            />
            <SortSelect options={transactionSortOptions} value={list.values} onChange={list.set} />
          </FilterBar>
        </>
      }
      dialogs={<RecordTransactionDialog open={open} onOpenChange={setOpen} />}
    >
      <ListState
        query={transactions}
        page={page}
        label="transactions"
        empty={emptyList(Boolean(filters.search || filters.type))}
      >
        {(rows) => <TransactionTable transactions={rows} />}
      </ListState>
    </ListScreen>
  );
}
