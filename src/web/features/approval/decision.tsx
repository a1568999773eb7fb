import { CheckCircle2, XCircle } from "lucide-react";
import { useState } from "react";
import {
  approvalDays,
  approveInputSchema,
  type PendingOrder,
  rejectInputSchema,
} from "../../../contract/client";
import { useRefundDecision } from "../../components/refund-decision";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Field, type Options } from "../../components/ui/field";
import { toast, toastOutcome } from "../../components/ui/use-toast";
import { type FieldErrors, optionalNumber, useContractForm } from "../../lib/form";
import { formatDate, nairobiClock } from "../../lib/format";
import { useApproveOrder, useRejectOrder } from "./api";

const dayOptions: Options = [
  ["", "Select delivery time"],
  ...approvalDays.map((d) => [String(d), `${d} ${d === 1 ? "day" : "days"}`] as const),
];

/** SPEC's "Missing Information" toast, with the contract's message for the first missing field. */
const missing = (errors: FieldErrors) =>
  toast({ variant: "destructive", title: "Missing Information", description: Object.values(errors)[0] });

/**
 * What the approver's estimate means for the client, beside the day the client asked for: approval
 * replaces that day as the order's expected date, so the difference is said before, not found after.
 */
function estimateHint(requested: string | null, days: string): string | undefined {
  // The server promises Nairobi's day N days on, at noon: the same day whatever the browser's time zone.
  const estimate = days ? `${nairobiClock(Number(days)).slice(0, 10)}T12:00:00+03:00` : null;
  const asked = requested ? `The client asked for ${formatDate(requested)}.` : null;
  const given = estimate ? `The client will be told ${formatDate(estimate)}.` : null;
  return [asked, given].filter(Boolean).join(" ") || undefined;
}

/** Approve or reject a pending order; each decision ends with `onDone`. */
export function Decision({
  order,
  approver,
  mayGiveCredit,
  ownOrder = false,
  needsDirector = false,
  onDone,
}: {
  order: PendingOrder;
  approver: string;
  /** Directors may approve an unpaid order on credit. */
  mayGiveCredit: boolean;
  /** The approver created this order: another approver must approve it, so Approve is not offered. */
  ownOrder?: boolean;
  /** A discount above the Sales Manager's limit, and this approver is no Director: Approve is not offered. */
  needsDirector?: boolean;
  onDone: () => void;
}) {
  const [onCredit, setOnCredit] = useState(false);
  const unpaid = order.paymentStatus !== "paid";
  const approve = useApproveOrder();
  const reject = useRejectOrder();
  const deciding = approve.isPending || reject.isPending;
  const refund = useRefundDecision(order.amountPaidKes, `refund-${order.id}`);
  const approval = useContractForm({
    schema: approveInputSchema,
    initial: { estimatedDays: "", notes: "", clientNote: "" },
    idPrefix: "approve",
    toInput: (v) => ({
      ...v,
      estimatedDays: optionalNumber(v.estimatedDays),
      approvedBy: approver,
      ...(unpaid && onCredit ? { onCredit: true } : {}),
    }),
  });
  const rejection = useContractForm({
    schema: rejectInputSchema,
    initial: { reason: "", internalNote: "" },
    idPrefix: "reject",
  });

  const onApprove = approval.handleSubmit(
    (input) =>
      approve.mutate(
        { id: order.id, ...input },
        toastOutcome(
          {
            title: "Order Approved",
            description: `${order.orderNumber} is approved; the customer will be notified.`,
          },
          "There was an error approving the order.",
          { title: "Approval Failed", after: onDone },
        ),
      ),
    missing,
  );
  const onReject = rejection.handleSubmit(
    (input) =>
      reject.mutate(
        { id: order.id, ...input, refund: refund.decision },
        toastOutcome(
          {
            title: "Order Rejected",
            description: `${order.orderNumber} was rejected and its stock released.`,
          },
          "There was an error rejecting the order.",
          { title: "Rejection Failed", serverWords: false, after: onDone },
        ),
      ),
    missing,
  );

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <CheckCircle2 className="h-5 w-5 text-green-600" /> Approve
          </CardTitle>
        </CardHeader>
        <CardContent>
          {ownOrder ? (
            <p className="text-sm text-gray-600 dark:text-gray-400" data-testid="own-order">
              You created this order, so another approver must approve it. You may still reject it.
            </p>
          ) : needsDirector ? (
            <p className="text-sm text-gray-600 dark:text-gray-400" data-testid="needs-director">
              This order has a {order.discountPct}% discount, above the Sales Manager's limit, so a Director
              must approve it. You may still reject it.
            </p>
          ) : (
            <form className="space-y-3" onSubmit={onApprove} noValidate>
              <Field
                label="Estimated delivery *"
                options={dayOptions}
                hint={estimateHint(order.requestedDeliveryDate, approval.values.estimatedDays)}
                bind={approval.field("estimatedDays")}
              />
              <Field label="Note to the client" rows={2} bind={approval.field("clientNote")} />
              <Field label="Approval note (staff only)" rows={2} bind={approval.field("notes")} />
              {unpaid && mayGiveCredit && (
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-1"
                    checked={onCredit}
                    onChange={(e) => setOnCredit(e.target.checked)}
                  />
                  <span>Approve on credit: the order is not paid yet and may ship before payment.</span>
                </label>
              )}
              {unpaid && !mayGiveCredit && (
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  Not paid yet: approve once payment arrives, or ask a Director to approve it on credit.
                </p>
              )}
              <Button type="submit" className="w-full" disabled={deciding}>
                {approve.isPending ? "Approving..." : "Approve Order"}
              </Button>
            </form>
          )}
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
            <Field label="Reason, told to the client *" rows={3} bind={rejection.field("reason")} />
            <Field label="Rejection note (staff only)" rows={2} bind={rejection.field("internalNote")} />
            {refund.fields}
            <Button type="submit" variant="destructive" className="w-full" disabled={deciding}>
              {reject.isPending ? "Rejecting..." : "Reject Order"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
