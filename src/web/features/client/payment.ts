import { type PaymentMethod, paymentMethods } from "../../../contract/order-states";
import type { Options } from "../../components/ui/field";
import { t } from "../../lib/i18n/i18n";

/** A payment method's name and what happens next with it, in the reader's language. */
export const paymentText = (method: PaymentMethod) => ({
  label: t(`payment.${method}`),
  hint: t(`payment.${method}Hint`),
});

/** The payment methods as select options. */
export const paymentOptions = (): Options => paymentMethods.map((m) => [m, paymentText(m).label] as const);
