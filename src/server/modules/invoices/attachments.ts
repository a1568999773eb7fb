import type { AppContext } from "../../context";
import type { outbox } from "../../db/schema";
import { AppError } from "../../errors";
import type { Outgoing } from "../notifications/transport";
import { invoicePdf } from "./pdf";
import { invoiceOfOrder, readDocument } from "./read";

/**
 * What an email carries: the "payment received" email, the order's tax invoice (as KRA has it when the
 * email leaves; emailing it is not a print, so the client's own download is still the original).
 */
export async function attachmentsFor(
  ctx: AppContext,
  message: Pick<typeof outbox.$inferSelect, "kind" | "orderId">,
): Promise<Outgoing["attachments"]> {
  if (message.kind !== "payment_received" || message.orderId === null) return undefined;
  // No invoice (yet, or an order whose item has no tax type): the email goes without one.
  const invoice = await readDocument(ctx, invoiceOfOrder(message.orderId), "Invoice").catch(
    (error: unknown) => {
      if (error instanceof AppError && error.code === "NOT_FOUND") return null;
      throw error;
    },
  );
  if (!invoice) return undefined;
  return [
    {
      filename: `${invoice.number}.pdf`,
      content: await invoicePdf(ctx, invoice, "a4", false),
      contentType: "application/pdf",
    },
  ];
}
