import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Landmark, Smartphone } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import type { ClientOrder } from "../../../contract/client";
import { orderEnded } from "../../../contract/order-states";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { apiErrorFields, apiErrorMessage } from "../../lib/api";
import { schemaOnDemand, useSchema } from "../../lib/form";
import { formatKes } from "../../lib/format";
import { say, useT } from "../../lib/i18n/i18n";
import { clientQueries, refreshOrders, useCheckPayment, useStartPayment } from "./api";
import { HoldTimeLeft } from "./order-hold";

/**
 * Whether the moment `at` has come, drawing again when it does: a poll that answers the same payment each
 * time changes nothing on the page, so the clock itself must say when the time is up.
 */
function useReached(at: string | null | undefined): boolean {
  const due = at ? Date.parse(at) : Number.NaN;
  const [, redraw] = useState(0);
  useEffect(() => {
    const wait = due - Date.now();
    if (!(wait > 0)) return;
    const timer = setTimeout(() => redraw((n) => n + 1), wait + 50);
    return () => clearTimeout(timer);
  }, [due]);
  return Date.now() >= due;
}

/** The contract's M-Pesa number check, fetched with Zod once the panel shows (lib/form.ts). */
const mpesaPhone = schemaOnDemand(() => import("../../../contract/payments").then((m) => m.mpesaPhone));

/** Sends the M-Pesa prompt and follows it until the phone answers; a failure says why and offers a retry. */
function MpesaPay({ order }: { order: ClientOrder }) {
  const t = useT();
  const withPhoneCheck = useSchema(mpesaPhone);
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string>();
  // A prompt already open on the phone (the page reloaded while it waited) is followed again at once.
  const [paymentId, setPaymentId] = useState<number | null>(order.pendingPaymentId);
  useEffect(() => {
    if (order.pendingPaymentId !== null) setPaymentId(order.pendingPaymentId);
  }, [order.pendingPaymentId]);
  const start = useStartPayment(order.id);
  const check = useCheckPayment();
  const payment = useQuery({ ...clientQueries.payment(paymentId ?? 0), enabled: paymentId !== null });
  const owed = order.totalAmountKes - order.amountPaidKes;
  const status = payment.data?.status;
  // Once the prompt has waited its time on the phone (the server says when), a new one may be sent.
  const lapsed = useReached(payment.data?.newPromptFrom);

  useEffect(() => {
    if (status && status !== "pending") void refreshOrders();
  }, [status]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    withPhoneCheck((check) => {
      const parsed = check.safeParse(phone);
      if (!parsed.success) {
        setError(say(parsed.error.issues[0]?.message));
        return;
      }
      setError(undefined);
      start.mutate(parsed.data, {
        onSuccess: (started) => setPaymentId(started.paymentId),
        onError: (err) => setError(apiErrorFields(err).phone ?? apiErrorMessage(err) ?? t("pay.unreachable")),
      });
    });
  };

  if (status === "paid") {
    return (
      <p className="flex items-center gap-2 font-semibold text-green-700 dark:text-green-400" role="status">
        <CheckCircle2 className="h-5 w-5" aria-hidden /> {t("pay.done")} {say(payment.data?.message)}
      </p>
    );
  }
  if (paymentId !== null && (status === "pending" || !status)) {
    return (
      <div className="space-y-3">
        <p className="flex items-center gap-2 text-sm" role="status">
          <Smartphone className="h-5 w-5 animate-pulse text-green-700" aria-hidden />
          {t("pay.check", { amount: formatKes(owed) })}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={check.isPending} onClick={() => check.mutate(paymentId)}>
            {t("pay.havePaid")}
          </Button>
          {lapsed && (
            <Button variant="outline" onClick={() => setPaymentId(null)}>
              {t("pay.newPrompt")}
            </Button>
          )}
        </div>
      </div>
    );
  }
  const failed = status !== undefined;
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      {failed && (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {say(payment.data?.message)}
        </p>
      )}
      <Field id={`mpesa-phone-${order.id}`} label={t("pay.phone")} error={error}>
        <Input
          id={`mpesa-phone-${order.id}`}
          inputMode="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          value={phone}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setPhone(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={start.isPending} className="w-full sm:w-auto">
        {failed ? t("load.retry") : t("pay.now", { amount: formatKes(owed) })}
      </Button>
    </form>
  );
}

function BankDetails({ order }: { order: ClientOrder }) {
  const t = useT();
  const details = useQuery(clientQueries.paymentDetails());
  const d = details.data;
  if (!d) return null;
  return (
    <div className="space-y-1 text-sm" data-testid="bank-details">
      <p className="flex items-center gap-2 font-semibold">
        <Landmark className="h-4 w-4" aria-hidden /> {t("pay.bankTitle")}
      </p>
      <p>
        {t("pay.bankAccount", { bank: d.bankName, branch: d.branch })} <strong>{d.accountNumber}</strong> (
        {d.accountName})
      </p>
      <p>
        {t("pay.paybill", { paybill: d.paybill })} <strong>{order.orderNumber}</strong>
      </p>
      <p>
        {t("pay.useRef")} <strong>{order.orderNumber}</strong> {t("pay.asRef")}
      </p>
    </div>
  );
}

/** How to pay an order: its payment state, then M-Pesa, bank details and the honest word on cards. */
export function PayPanel({ order }: { order: ClientOrder }) {
  const t = useT();
  const open = !orderEnded(order.status);
  const settled = order.paymentStatus === "paid" || order.paymentStatus === "refunded";
  return (
    <Card className="space-y-4 p-4" data-testid={`pay-${order.orderNumber}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t("checkout.payment")}</h3>
        <PaymentStatusBadge status={order.paymentStatus} amountPaidKes={order.amountPaidKes} />
      </div>
      {order.paymentStatus === "paid" && (
        <p className="flex items-center gap-2 font-semibold text-green-700 dark:text-green-400" role="status">
          <CheckCircle2 className="h-5 w-5" aria-hidden /> {t("pay.paid")}
        </p>
      )}
      {open && !settled && (
        <>
          {order.holdExpiresAt && order.status === "pending" && <HoldTimeLeft until={order.holdExpiresAt} />}
          <MpesaPay order={order} />
          <BankDetails order={order} />
          {order.paymentMethod === "card" && (
            <p className="text-sm text-gray-600 dark:text-gray-400">{t("pay.card")}</p>
          )}
        </>
      )}
    </Card>
  );
}
