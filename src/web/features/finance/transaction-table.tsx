import type { Transaction } from "../../../contract/finance";
import { DataTable } from "../../components/data-table";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../lib/cn";
import { formatDate, formatMoney } from "../../lib/format";

const statusTone = { completed: "green", pending: "yellow", failed: "red" } as const;
const typeTone = { income: "green", expense: "red", transfer: "blue", refund: "yellow" } as const;
/** Money going out: an expense, or a refund paid back to a client. */
const outgoing = (t: Transaction) => t.type === "expense" || t.type === "refund";

export function TransactionTable({ transactions }: { transactions: Transaction[] }) {
  return (
    <DataTable
      rows={transactions}
      rowTestId="transaction-row"
      caption="Transactions"
      columns={[
        { header: "Date", cell: (t) => formatDate(t.date), className: "whitespace-nowrap" },
        {
          header: "Type",
          cell: (t) => (
            <Badge tone={typeTone[t.type]} className="capitalize">
              {t.type}
            </Badge>
          ),
        },
        { header: "Description", cell: (t) => t.description },
        {
          header: "Amount",
          cell: (t) => `${outgoing(t) ? "-" : ""}${formatMoney(t.amount, t.currency)}`,
          className: (t) =>
            cn(
              "whitespace-nowrap tabular-nums md:text-right",
              outgoing(t) && "text-red-700 dark:text-red-400",
            ),
        },
        {
          header: "Status",
          cell: (t) => (
            <Badge tone={statusTone[t.status]} className="capitalize">
              {t.status}
            </Badge>
          ),
        },
        { header: "Reference", cell: (t) => t.reference ?? "–", className: "font-mono text-xs" },
      ]}
    />
  );
}
