import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Mail, MessageCircle, Phone } from "lucide-react";
import { useSearch } from "wouter";
import { orderEnded } from "../../../contract/order-states";
import { MailLink, TelLink, urithiContact, WhatsAppLink } from "../../components/contact-links";
import { LinkButton } from "../../components/link-button";
import { Card } from "../../components/ui/card";
import { LoadingBars } from "../../components/ui/loading-bars";
import { type MessageId, useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { ClientLayout } from "./client-layout";
import { DeliveryLine } from "./delivery-dates";
import { CancelOrder, LapsedOrder } from "./order-hold";
import { OrderNotFound, orderPath } from "./order-summary-card";
import { PayPanel } from "./pay-panel";

const steps = [
  ["success.step.payment", "success.step.paymentText"],
  ["success.step.confirm", "success.step.confirmText"],
  ["success.step.schedule", "success.step.scheduleText"],
  ["success.step.service", "success.step.serviceText"],
] as const satisfies readonly (readonly [MessageId, MessageId])[];

const promises = [
  ["success.cold", "success.coldText"],
  ["success.handling", "success.handlingText"],
  ["success.quality", "success.qualityText"],
  ["success.care", "success.careText"],
] as const satisfies readonly (readonly [MessageId, MessageId])[];

/**
 * The success page speaks only of the signed-in client's own order, found by its id: opened for any
 * other id, or typed in by hand, it says so instead of claiming an order was placed.
 */
function SuccessPage() {
  const t = useT();
  const id = Number(new URLSearchParams(useSearch()).get("id"));
  const valid = Number.isInteger(id) && id > 0;
  const found = useQuery({ ...clientQueries.order(valid ? id : 0), enabled: valid, retry: false });
  const order = found.data;
  if (valid && found.isLoading) return <LoadingBars label={t("success.loading")} />;
  if (!order) return <OrderNotFound />;
  if (orderEnded(order.status)) {
    return (
      <div className="mx-auto max-w-2xl space-y-6 py-4">
        <LapsedOrder order={order} />
        <HelpCard />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl space-y-6 py-4">
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden />
        <h1 className="mt-3 text-3xl font-bold">{t("success.title")}</h1>
        <p className="mt-2 text-gray-600 dark:text-gray-400">
          {t("success.reference")} <strong data-testid="order-number">{order.orderNumber}</strong>
        </p>
        <div className="mt-1 text-gray-500">
          {order.delivery.requested || order.delivery.expected ? (
            <DeliveryLine delivery={order.delivery} ended={false} />
          ) : (
            <p className="text-sm">{t("success.expected")}</p>
          )}
        </div>
        <LinkButton className="mt-4" href={orderPath(order.id)}>
          {t("success.track")}
        </LinkButton>
      </div>
      <PayPanel order={order} />
      <CancelOrder order={order} />
      <Card className="p-6">
        <h2 className="mb-3 font-semibold">{t("success.next")}</h2>
        <ol className="space-y-3">
          {steps.map(([title, text], i) => (
            <li key={title} className="flex gap-3">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white">
                {i + 1}
              </span>
              <span>
                <strong>{t(title)}.</strong> {t(text)}
              </span>
            </li>
          ))}
        </ol>
      </Card>
      <HelpCard />
      <Card className="grid gap-3 p-6 text-sm sm:grid-cols-2">
        {promises.map(([title, text]) => (
          <p key={title}>
            <strong>{t(title)}</strong> {t(text)}
          </p>
        ))}
      </Card>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <LinkButton href="/shop">{t("success.continue")}</LinkButton>
        <LinkButton href="/" variant="outline">
          {t("portal.back")}
        </LinkButton>
      </div>
    </div>
  );
}

/** Who to call, email or message about an order. */
function HelpCard() {
  const t = useT();
  return (
    <Card className="p-6">
      <h2 className="mb-3 font-semibold">{t("success.help")}</h2>
      <ul className="space-y-2 text-sm">
        <li className="flex items-center gap-2">
          <Phone className="h-4 w-4" aria-hidden /> {t("success.call")}{" "}
          <TelLink phone={urithiContact.phone} />
        </li>
        <li className="flex items-center gap-2">
          <Mail className="h-4 w-4" aria-hidden /> {t("success.email")}{" "}
          <MailLink email={urithiContact.email.orders} />
        </li>
        <li className="flex items-center gap-2">
          <MessageCircle className="h-4 w-4" aria-hidden /> {t("success.whatsapp")}{" "}
          <WhatsAppLink phone={urithiContact.phone} />
        </li>
      </ul>
    </Card>
  );
}

export default function OrderSuccessPage() {
  return (
    <ClientLayout>
      <SuccessPage />
    </ClientLayout>
  );
}
