import { type Statement, statementEntryLabels } from "../../../contract/statements";
import { nairobiDate } from "../../time";
import type { Sheet } from "../reports/csv";

const kes = (n: number) => `KSh ${n.toLocaleString("en-KE")}`;

/** A statement as the PDF and the CSV lay it out: its balances, then every entry with the running balance. */
export function statementSheet(s: Statement): Sheet {
  return {
    title: "Statement of account",
    subtitle: `${s.customer.name}${s.customer.kraPin ? ` (KRA PIN ${s.customer.kraPin})` : ""}: ${s.from} to ${s.to}`,
    figures: [
      ["Opening balance", kes(s.openingKes)],
      ["Invoiced", kes(s.invoicedKes)],
      ["Credit notes", kes(s.creditedKes)],
      ["Paid", kes(s.paidKes)],
      ["Refunded", kes(s.refundedKes)],
      ["Closing balance", kes(s.closingKes)],
    ],
    tables: [
      {
        title: "Entries",
        head: ["Date", "Entry", "Reference", "Order", "Debit", "Credit", "Balance"],
        rows: s.entries.map((e) => [
          nairobiDate(new Date(e.date)),
          statementEntryLabels[e.kind],
          e.reference ?? "",
          e.orderNumber ?? "",
          e.debitKes ? kes(e.debitKes) : "",
          e.creditKes ? kes(e.creditKes) : "",
          kes(e.balanceKes),
        ]),
      },
    ],
  };
}
