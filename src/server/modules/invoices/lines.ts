import { sql } from "drizzle-orm";
import { lineLabel } from "../../../contract/client-labels";
import type { TaxLine } from "../../../contract/invoices";
import { serviceKinds } from "../../../contract/orders";
import { type TaxType, taxWithin } from "../../../contract/tax";
import { columnsOf, type Db, prepared, tableRow } from "../../db/adapter";
import { inventoryItems, orderLines, type orders } from "../../db/schema";
import { conflict } from "../../errors";
import { serviceTaxType } from "./service-tax";

type OrderRow = typeof orders.$inferSelect;

type ItemRow = typeof inventoryItems.$inferSelect;
type LineRow = {
  line: typeof orderLines.$inferSelect;
  itemCode: ItemRow["itemId"] | null;
  taxType: ItemRow["taxType"];
  itemClassCode: ItemRow["itemClassCode"];
};

/** Read by every payment that settles an order, so prepared (decision 50). */
const linesStatement = prepared<
  { orderId: number },
  Record<string, unknown> & Pick<LineRow, "itemCode" | "taxType" | "itemClassCode">
>(
  "order_tax_lines",
  (p) => sql`select ${columnsOf(orderLines, { qualified: true })}, ${inventoryItems.itemId} as "itemCode",
      ${inventoryItems.taxType} as "taxType", ${inventoryItems.itemClassCode} as "itemClassCode"
    from ${orderLines} left join ${inventoryItems} on ${inventoryItems.id} = ${orderLines.inventoryItemId}
    where ${orderLines.orderId} = ${p.orderId}::int
    order by ${orderLines.id}`,
);

/** An order's lines with their items' tax details: what `taxLines` shapes. Sent at once (`together`). */
export const lineRowsOf = (db: Db, orderId: number): Promise<LineRow[]> =>
  linesStatement(db, { orderId }).then((rows) =>
    rows.map((row) => ({
      line: tableRow(orderLines, row),
      itemCode: row.itemCode,
      taxType: row.taxType,
      itemClassCode: row.itemClassCode,
    })),
  );

/**
 * An order's lines as its invoice shows them, each with its tax type: a product's from its item, a
 * service's from its kind. An order placed with a total and no lines is one line of its own, whose tax type
 * the issuer names. Answers the reason it cannot be invoiced instead, when a tax type is missing.
 */
export async function invoiceLines(
  db: Db,
  order: OrderRow,
  wholeOrderTaxType?: TaxType,
): Promise<{ lines: TaxLine[] } | { blocked: string }> {
  return taxLines(order, await lineRowsOf(db, order.id), wholeOrderTaxType);
}

/** `invoiceLines` from lines already read. */
export function taxLines(
  order: OrderRow,
  rows: LineRow[],
  wholeOrderTaxType?: TaxType,
): { lines: TaxLine[] } | { blocked: string } {
  if (rows.length === 0) {
    if (!wholeOrderTaxType) {
      return {
        blocked: `Order ${order.orderNumber} has no itemised lines, so its tax type is not known: issue its invoice by hand and choose one`,
      };
    }
    return {
      lines: [
        {
          seq: 1,
          name: `Order ${order.orderNumber} (${order.orderType})`,
          code: order.orderType,
          inventoryItemId: null,
          quantity: 1,
          unitPriceKes: order.totalAmountKes,
          totalKes: order.totalAmountKes,
          taxType: wholeOrderTaxType,
          taxKes: 0,
          itemClassCode: null,
        },
      ].map(withTax),
    };
  }
  const untaxed = [
    ...new Set(rows.filter((r) => r.line.inventoryItemId !== null && !r.taxType).map((r) => r.itemCode!)),
  ];
  if (untaxed.length > 0) {
    return {
      blocked: `Order ${order.orderNumber} cannot be invoiced: ${untaxed.join(", ")} ${untaxed.length === 1 ? "has" : "have"} no tax type. A Director sets it on the item (Inventory), then the invoice can be issued.`,
    };
  }
  return {
    lines: rows.map(({ line, itemCode, taxType, itemClassCode }, i) => {
      const kind = serviceKinds.find((k) => k === line.serviceKind);
      return withTax({
        seq: i + 1,
        // The bull as sold, so two Ayrshire straws on one invoice read apart (and KRA's record says which).
        name: lineLabel("en", { ...line, name: line.productName }),
        code: itemCode ?? kind ?? "service",
        inventoryItemId: line.inventoryItemId,
        quantity: line.quantity,
        unitPriceKes: line.unitPriceKes,
        totalKes: line.lineTotalKes,
        taxType: taxType ?? serviceTaxType(kind),
        taxKes: 0,
        itemClassCode,
      });
    }),
  };
}

const withTax = (line: TaxLine): TaxLine => ({ ...line, taxKes: taxWithin(line.totalKes, line.taxType) });

/** Throws the 409 a person sees when an order's lines cannot go on an invoice. */
export function linesOrThrow(result: { lines: TaxLine[] } | { blocked: string }): TaxLine[] {
  if ("blocked" in result) throw conflict(result.blocked);
  return result.lines;
}
