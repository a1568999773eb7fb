import { CheckCircle2, XCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { approvalDays, type PendingOrder } from "../../../contract/client";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { useApproveOrder, useRejectOrder } from "./api";

export function Decision({
  order,
  approver,
  mayGiveCredit,
  onDone,
}: {
  order: PendingOrder;
  approver: string;
  /** Directors may approve an unpaid order on credit. */
  mayGiveCredit: boolean;
  onDone: () => void;
}) {
  const [days, setDays] = useState("");
  const [onCredit, setOnCredit] = useState(false);
  const unpaid = order.paymentStatus !== "paid";
  const [notes, setNotes] = useState("");
  const [reason, setReason] = useState("");
  const approve = useApproveOrder();
  const reject = useRejectOrder();
  const approved = {
    onSuccess: () => {
      toast({
        title: "Order Approved",
        description: `${order.orderNumber} is approved; the customer will be notified.`,
      });
      onDone();
    },
    onError: (error: Error) =>
      toast({
        variant: "destructive",
        title: "Approval Failed",
        description: apiErrorMessage(error) ?? "There was an error approving the order.",
      }),
  };
  const rejected = {
    onSuccess: () => {
      toast({
        title: "Order Rejected",
        description: `${order.orderNumber} was rejected and its stock released.`,
      });
      onDone();
    },
    onError: () =>
      toast({
        variant: "destructive",
        title: "Rejection Failed",
        description: "There was an error rejecting the order.",
      }),
  };

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
    approve.mutate(
      {
        id: order.id,
        estimatedDays: Number(days),
        notes,
        approvedBy: approver,
        ...(unpaid && onCredit ? { onCredit: true } : {}),
      },
      approved,
    );
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
    reject.mutate({ id: order.id, reason }, rejected);
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
