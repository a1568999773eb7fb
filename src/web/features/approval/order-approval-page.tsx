import { ClipboardCheck } from "lucide-react";
import { useState } from "react";
import type { SessionUser } from "../../../contract/auth";
import { paymentMethodLabels } from "../../../contract/orders";
import { PageHeader } from "../../components/page-header";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingBars } from "../../components/ui/loading-bars";
import { cn } from "../../lib/cn";
import { formatDateTime, formatKes } from "../../lib/format";
import { usePendingOrders } from "./api";
import { Decision } from "./decision";

export default function OrderApprovalPage({ user }: { user: SessionUser }) {
  const pending = usePendingOrders();
  const [selectedId, setSelectedId] = useState<number>();
  const list = pending.data ?? [];
  const selected = list.find((o) => o.id === selectedId) ?? list[0];

  return (
    <div>
      <PageHeader
        title="Order Approval"
        subtitle="Directors and Head Scientist only: review and decide pending orders"
      />
      {pending.isLoading ? (
        <LoadingBars label="Loading pending orders" />
      ) : list.length === 0 ? (
        <EmptyState
          icon={ClipboardCheck}
          title="No orders awaiting approval"
          hint="New client orders appear here."
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[340px_1fr]">
          <ul className="space-y-2" aria-label="Pending orders">
            {list.map((o) => (
              <li key={o.id}>
                <button
                  type="button"
                  data-testid="pending-order"
                  aria-current={selected?.id === o.id ? "true" : undefined}
                  onClick={() => setSelectedId(o.id)}
                  className={cn(
                    "w-full rounded-lg border p-3 text-left text-sm hover:border-brand-600",
                    selected?.id === o.id
                      ? "border-brand-600 bg-brand-50 dark:bg-gray-800"
                      : "border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900",
                  )}
                >
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-mono text-xs font-semibold">{o.orderNumber}</span>
                    <Badge tone="yellow">Awaiting Approval</Badge>
                  </div>
                  <div className="mt-1">
                    <PaymentStatusBadge status={o.paymentStatus} amountPaidKes={o.amountPaidKes} />
                  </div>
                  <p className="mt-1 font-medium">{o.customerName}</p>
                  <p className="text-xs text-gray-500">
                    {formatDateTime(o.orderDate)} · {formatKes(o.totalAmount)}
                  </p>
                </button>
              </li>
            ))}
          </ul>
          {selected && (
            <div className="min-w-0 space-y-4">
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
                      <dd>{selected.customerPhone ?? "–"}</dd>
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
                              selected.deliveryContact.phone,
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
                      <dt className="text-gray-500">Payment</dt>
                      <dd>{selected.paymentMethod ? paymentMethodLabels[selected.paymentMethod] : "–"}</dd>
                      <dt className="text-gray-500">Payment status</dt>
                      <dd>
                        <PaymentStatusBadge
                          status={selected.paymentStatus}
                          amountPaidKes={selected.amountPaidKes}
                        />
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
                </CardContent>
              </Card>
              <Decision
                key={selected.id}
                order={selected}
                approver={`${user.firstName} ${user.lastName}`}
                mayGiveCredit={user.role === "director"}
                onDone={() => setSelectedId(undefined)}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
