import type { ClientOrder } from "../../../contract/client";
import { csvLine } from "../../../contract/csv";
import { t } from "../../lib/i18n/i18n";
import { lineName } from "./product-words";

/** Downloads the client's orders through the one safe CSV writer, in the language they are reading. */
export function downloadOrdersCsv(orders: ClientOrder[]): void {
  const lines = [
    csvLine([t("csv.order"), t("csv.date"), t("csv.status"), t("csv.items"), t("csv.total")]),
    ...orders.map((o) =>
      csvLine([
        o.orderNumber,
        o.orderDate.slice(0, 10),
        t(`state.${o.state}`),
        o.items.map((i) => `${lineName({ ...i, name: i.productName })} x ${i.quantity}`).join("; "),
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
