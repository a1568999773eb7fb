import { kesText } from "../../../contract/money";
import { type Statement, statementEntryLabels } from "../../../contract/statements";
import { nairobiDate } from "../../time";
import type { Sheet } from "../reports/csv";

/** A statement as the PDF and the CSV lay it out: its balances, then every entry with the running balance. */
export function statementSheet(s: Statement): Sheet {
  return {
    title: "Statement of account",
    subtitle: `${s.customer.name}${s.customer.kraPin ? ` (KRA PIN ${s.customer.kraPin})` : ""}: ${s.from} to ${s.to}`,
    figures: [
      ["Opening balance", kesText(s.openingKes)],
      ["Invoiced", kesText(s.invoicedKes)],
      ["Credit notes", kesText(s.creditedKes)],
      ["Paid", kesText(s.paidKes)],
      ["Refunded", kesText(s.refundedKes)],
      ["Closing balance", kesText(s.closingKes)],
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
          e.debitKes ? kesText(e.debitKes) : "",
          e.creditKes ? kesText(e.creditKes) : "",
          kesText(e.balanceKes),
        ]),
      },
    ],
  };
}
