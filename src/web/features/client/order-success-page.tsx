import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Mail, MessageCircle, Phone, SearchX } from "lucide-react";
import { useSearch } from "wouter";
import { MailLink, TelLink, urithiContact, WhatsAppLink } from "../../components/contact-links";
import { LinkButton } from "../../components/link-button";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingBars } from "../../components/ui/loading-bars";
import { clientQueries } from "./api";
import { ClientLayout } from "./client-layout";
import { PayPanel } from "./pay-panel";

const steps = [
  ["Payment", "Pay below by M-Pesa, or by bank transfer with your order number as the reference."],
  ["Order confirmation", "We confirm your order as soon as payment is received."],
  ["Delivery scheduling", "Our team will call you to schedule delivery."],
  ["Professional service", "Our technicians handle insemination or embryo transfer on your farm."],
] as const;

/**
 * The success page speaks only of the signed-in client's own order, found by its id: opened for any
 * other id, or typed in by hand, it says so instead of claiming an order was placed.
 */
function SuccessPage() {
  const id = Number(new URLSearchParams(useSearch()).get("id"));
  const orders = useQuery(clientQueries.orders());
  const order = Number.isInteger(id) && id > 0 ? orders.data?.find((o) => o.id === id) : undefined;
  if (orders.isLoading) return <LoadingBars label="Loading your order" />;
  if (!order) {
    return (
      <EmptyState
        icon={SearchX}
        title="We could not find this order"
        hint="It is not one of your orders. Your orders and their status are in the Order Portal."
        action={<LinkButton href="/client-orders?view=tracking">See my orders</LinkButton>}
      />
    );
  }
  return (
    <div className="mx-auto max-w-2xl space-y-6 py-4">
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden />
        <h1 className="mt-3 text-3xl font-bold">Order Placed Successfully!</h1>
        <p className="mt-2 text-gray-600 dark:text-gray-400">
          Your order reference is <strong data-testid="order-number">{order.orderNumber}</strong>
        </p>
        <p className="mt-1 text-sm text-gray-500">
          Expected delivery: 2-5 business days depending on your location
        </p>
        <LinkButton
          className="mt-4"
          href={`/client-orders?view=tracking&order=${encodeURIComponent(order.orderNumber)}`}
        >
          Track this order
        </LinkButton>
      </div>
      <PayPanel order={order} />
      <Card className="p-6">
        <h2 className="mb-3 font-semibold">What happens next</h2>
        <ol className="space-y-3">
          {steps.map(([title, text], i) => (
            <li key={title} className="flex gap-3">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white">
                {i + 1}
              </span>
              <span>
                <strong>{title}.</strong> {text}
              </span>
            </li>
          ))}
        </ol>
      </Card>
      <Card className="p-6">
        <h2 className="mb-3 font-semibold">Need help?</h2>
        <ul className="space-y-2 text-sm">
          <li className="flex items-center gap-2">
            <Phone className="h-4 w-4" aria-hidden /> Call us on <TelLink phone={urithiContact.phone} />
          </li>
          <li className="flex items-center gap-2">
            <Mail className="h-4 w-4" aria-hidden /> Email <MailLink email={urithiContact.email.orders} />
          </li>
          <li className="flex items-center gap-2">
            <MessageCircle className="h-4 w-4" aria-hidden /> WhatsApp{" "}
            <WhatsAppLink phone={urithiContact.phone} />
          </li>
        </ul>
      </Card>
      <Card className="grid gap-3 p-6 text-sm sm:grid-cols-2">
        <p>
          <strong>Temperature-controlled transport.</strong> Genetics travel in liquid-nitrogen dewars at
          -196°C.
        </p>
        <p>
          <strong>Professional handling.</strong> Trained staff handle every straw and embryo.
        </p>
        <p>
          <strong>Quality guarantee.</strong> Every batch is checked for viability before dispatch.
        </p>
        <p>
          <strong>Follow-up care.</strong> Our vets follow up on pregnancy diagnosis and calving.
        </p>
      </Card>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <LinkButton href="/shop">Continue Shopping</LinkButton>
        <LinkButton href="/" variant="outline">
          Back to Home
        </LinkButton>
      </div>
    </div>
  );
}

export default function OrderSuccessPage() {
  return (
    <ClientLayout>
      <SuccessPage />
    </ClientLayout>
  );
}
