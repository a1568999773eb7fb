import { paymentMethodLabels, type paymentMethods } from "../../../contract/orders";

export const paymentLabels: Record<(typeof paymentMethods)[number], { label: string; hint: string }> = {
  mpesa: {
    label: paymentMethodLabels.mpesa,
    hint: "Payment instructions arrive by SMS and email within 5 minutes.",
  },
  card: {
    label: paymentMethodLabels.card,
    hint: "We send you a secure card payment link once the order is approved.",
  },
  bank: {
    label: paymentMethodLabels.bank,
    hint: "Our bank details arrive by email with your order confirmation.",
  },
};
