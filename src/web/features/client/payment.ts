import type { paymentMethods } from "../../../contract/orders";

export const paymentLabels: Record<(typeof paymentMethods)[number], { label: string; hint: string }> = {
  mpesa: { label: "M-Pesa", hint: "Payment instructions arrive by SMS and email within 5 minutes." },
  card: {
    label: "Credit/Debit Card",
    hint: "We send you a secure card payment link once the order is approved.",
  },
  bank: { label: "Bank Transfer", hint: "Our bank details arrive by email with your order confirmation." },
};
