import type { ClientOrder } from "../../../contract/client";
import { csvLine } from "../../../contract/csv";

/** Downloads the client's orders through the one safe CSV writer. */
export function downloadOrdersCsv(orders: ClientOrder[]): void {
  const lines = [
    csvLine(["Order", "Date", "Status", "Items", "Total (KES)"]),
    ...orders.map((o) =>
      csvLine([
        o.orderNumber,
        o.orderDate.slice(0, 10),
        o.status,
        o.items.map((i) => `${i.productName} x ${i.quantity}`).join("; "),
        o.totalAmountKes,
      ]),
    ),
  ];
  const url = URL.createObjectURL(new Blob(lines, { type: "text/csv" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `urithi-my-orders-${new Date().toISOString().slice(0, 10)}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}
