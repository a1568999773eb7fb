import { useMutation, useQuery } from "@tanstack/react-query";
import { CheckCircle2, ClipboardCheck, XCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { SessionUser } from "../../../contract/auth";
import { approvalDays, type PendingOrder } from "../../../contract/client";
import { paymentMethodLabels } from "../../../contract/orders";
import { PageHeader } from "../../components/page-header";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { Field } from "../../components/ui/field";
import { LoadingBars } from "../../components/ui/loading-bars";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { apiJson } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatDateTime, formatKes } from "../../lib/format";
import { invalidatePaths } from "../../lib/invalidate";

const refresh = () => invalidatePaths("/api/orders", "/api/inventory", "/api/dashboard");

function Decision({
  order,
  approver,
  onDone,
}: {
  order: PendingOrder;
  approver: string;
  onDone: () => void;
}) {
  const [days, setDays] = useState("");
  const [notes, setNotes] = useState("");
  const [reason, setReason] = useState("");
  const approve = useMutation({
    mutationFn: () =>
      apiJson("POST", `/api/orders/${order.id}/approve`, {
        estimatedDays: Number(days),
        notes,
        approvedBy: approver,
      }),
    onSuccess: async () => {
      toast({
        title: "Order Approved",
        description: `${order.orderNumber} is approved; the customer will be notified.`,
      });
      await refresh();
      onDone();
    },
    onError: () =>
      toast({
        variant: "destructive",
        title: "Approval Failed",
        description: "There was an error approving the order.",
      }),
  });
  const reject = useMutation({
    mutationFn: () => apiJson("POST", `/api/orders/${order.id}/reject`, { reason }),
    onSuccess: async () => {
      toast({
        title: "Order Rejected",
        description: `${order.orderNumber} was rejected and its stock released.`,
      });
      await refresh();
      onDone();
    },
    onError: () =>
      toast({
        variant: "destructive",
        title: "Rejection Failed",
        description: "There was an error rejecting the order.",
      }),
  });

  const onApprove = (e: FormEvent) => {
    e.preventDefault();
    if (!days) {
      toast({
        variant: "destructive",
        title: "Missing Information",
        description: "Please provide estimated delivery time.",
      });
      return;
    }
    approve.mutate();
  };
  const onReject = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      toast({
        variant: "destructive",
        title: "Missing Information",
        description: "Please provide a reason for rejection.",
      });
      return;
    }
    reject.mutate();
  };

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <CheckCircle2 className="h-5 w-5 text-green-600" /> Approve
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form className="space-y-3" onSubmit={onApprove} noValidate>
            <Field id="approve-days" label="Estimated delivery *">
              <NativeSelect id="approve-days" value={days} onChange={(e) => setDays(e.target.value)}>
                <option value="">Select delivery time</option>
                {approvalDays.map((d) => (
                  <option key={d} value={d}>
                    {d} {d === 1 ? "day" : "days"}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="approve-notes" label="Notes">
              <Textarea
                id="approve-notes"
                rows={2}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
              />
            </Field>
            <Button type="submit" className="w-full" disabled={approve.isPending || reject.isPending}>
              {approve.isPending ? "Approving..." : "Approve Order"}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <XCircle className="h-5 w-5 text-red-600" /> Reject
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form className="space-y-3" onSubmit={onReject} noValidate>
            <Field id="reject-reason" label="Reason *">
              <Textarea
                id="reject-reason"
                rows={4}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
            <Button
              type="submit"
              variant="destructive"
              className="w-full"
              disabled={approve.isPending || reject.isPending}
            >
              {reject.isPending ? "Rejecting..." : "Reject Order"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

export default function OrderApprovalPage({ user }: { user: SessionUser }) {
  const pending = useQuery<PendingOrder[]>({ queryKey: ["/api/orders/pending"] });
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
                      <dt className="text-gray-500">Payment</dt>
                      <dd>{selected.paymentMethod ? paymentMethodLabels[selected.paymentMethod] : "–"}</dd>
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
                onDone={() => setSelectedId(undefined)}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
