import { useQuery } from "@tanstack/react-query";
import type { PendingOrder } from "../../../contract/client";
import { paymentMethodLabels } from "../../../contract/orders";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { PickListPanel } from "../../components/pick-list";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { formatDate, formatKes, formatPhone } from "../../lib/format";
import { pickListQuery } from "../storage/api";

/** Who ordered, how they pay and what they ordered: what an approver decides on. */
export function ApprovalDetails({ order: selected }: { order: PendingOrder }) {
  const picks = useQuery(pickListQuery(selected.id));
  return (
    <Card data-testid="approval-details">
      <CardHeader>
        <CardTitle>{selected.orderNumber}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <div>
          <h3 className="mb-1 font-semibold">Customer information</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-gray-500">Name</dt>
            <dd>{selected.customerName}</dd>
            <dt className="text-gray-500">Phone</dt>
            <dd>{selected.customerPhone ? formatPhone(selected.customerPhone) : "–"}</dd>
            <dt className="text-gray-500">Email</dt>
            <dd>{selected.customerEmail ?? "–"}</dd>
            <dt className="text-gray-500">Location</dt>
            <dd>{selected.customerLocation ?? "–"}</dd>
            {selected.deliveryContact && (
              <>
                <dt className="text-gray-500">Delivery contact</dt>
                <dd data-testid="delivery-contact">
                  {[
                    selected.deliveryContact.name,
                    selected.deliveryContact.phone && formatPhone(selected.deliveryContact.phone),
                    selected.deliveryContact.email,
                  ]
                    .filter(Boolean)
                    .join(" · ")}{" "}
                  <span className="text-xs text-orange-700 dark:text-orange-400">
                    (not the account holder&apos;s details)
                  </span>
                </dd>
              </>
            )}
            <dt className="text-gray-500">Deliver to</dt>
            <dd>{selected.deliveryAddress ?? "–"}</dd>
            <dt className="text-gray-500">Requested delivery</dt>
            <dd data-testid="requested-delivery">
              {selected.requestedDeliveryDate ? formatDate(selected.requestedDeliveryDate) : "No date asked"}
            </dd>
            {selected.specialInstructions && (
              <>
                <dt className="text-gray-500">Instructions</dt>
                <dd data-testid="special-instructions" className="whitespace-pre-line">
                  {selected.specialInstructions}
                </dd>
              </>
            )}
            <dt className="text-gray-500">Payment</dt>
            <dd>{selected.paymentMethod ? paymentMethodLabels[selected.paymentMethod] : "–"}</dd>
            <dt className="text-gray-500">Payment status</dt>
            <dd>
              <PaymentStatusBadge status={selected.paymentStatus} amountPaidKes={selected.amountPaidKes} />
            </dd>
          </dl>
        </div>
        <div>
          <h3 className="mb-1 font-semibold">Items</h3>
          {selected.items.length === 0 ? (
            <p className="text-gray-500">Amount entered by staff; no itemised lines.</p>
          ) : (
            <ul className="space-y-1">
              {selected.items.map((i) => (
                <li key={`${i.productName}-${i.price}`} className="flex justify-between gap-2">
                  <span>
                    {i.productName} × {i.quantity}
                  </span>
                  <span>{formatKes(i.price * i.quantity)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <p className="flex justify-between border-t border-gray-100 pt-2 text-base font-bold dark:border-gray-800">
          <span>Total</span>
          <span>{formatKes(selected.totalAmount)}</span>
        </p>
        <PickListPanel list={picks.data} />
      </CardContent>
    </Card>
  );
}
