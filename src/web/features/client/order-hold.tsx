import { Clock, RotateCcw, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import type { ClientOrder } from "../../../contract/client";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { say, useT } from "../../lib/i18n/i18n";
import { reorderLines, useCancelOrder } from "./api";
import { fillCart } from "./cart-store";

const MINUTE_MS = 60_000;

/** Minutes from now until `until`, kept current while the page is open. */
function useMinutesLeft(until: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(until) - now) / MINUTE_MS));
}

/** How long the order's items stay held for the farmer: minutes for an M-Pesa order, the end for a transfer. */
export function HoldTimeLeft({ until }: { until: string }) {
  const t = useT();
  const minutes = useMinutesLeft(until);
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="hold-left">
      <Clock className="h-4 w-4 shrink-0 text-amber-600" aria-hidden />
      {minutes <= 120
        ? t("hold.minutesLeft", { minutes, time: formatDateTime(until) })
        : t("pay.held", { time: formatDateTime(until) })}
    </p>
  );
}

/** "Order again": the order's lines that are on sale now go into the cart, and the farmer to it. */
export function OrderAgain({ order }: { order: ClientOrder }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);
  const again = async () => {
    setPending(true);
    try {
      const lines = await reorderLines(order.id);
      if (lines.length === 0) {
        toast({ variant: "destructive", title: t("hold.nothingLeft") });
        return;
      }
      fillCart(lines);
      const wanted = order.items.reduce((n, i) => n + i.quantity, 0);
      const got = lines.reduce((n, l) => n + l.quantity, 0);
      if (got < wanted) toast({ title: t("hold.someLeft", { got, wanted }) });
      navigate("/cart");
    } catch (e) {
      toast({ variant: "destructive", title: apiErrorMessage(e) ?? t("forgot.failed") });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button onClick={again} disabled={pending}>
      <RotateCcw /> {t("hold.again")}
    </Button>
  );
}

/** An order that ended (lapsed unpaid, cancelled or not approved): it says so, why, and offers to order again. */
export function LapsedOrder({ order, heading = 1 }: { order: ClientOrder; heading?: 1 | 2 }) {
  const t = useT();
  const Title = heading === 1 ? "h1" : "h2";
  return (
    <Card className="space-y-3 p-6 text-center" data-testid="lapsed-order">
      <XCircle className="mx-auto h-12 w-12 text-gray-500" aria-hidden />
      <Title className="text-2xl font-bold">
        {t(order.status === "rejected" ? "hold.rejectedTitle" : "hold.endedTitle")}
      </Title>
      <p className="text-gray-600 dark:text-gray-400">
        {t("success.reference")} <strong data-testid="order-number">{order.orderNumber}</strong>
      </p>
      {order.notes && <p className="text-sm">{say(order.notes)}</p>}
      <OrderAgain order={order} />
    </Card>
  );
}

/** An order not yet under way: it may still be paid, and cancelled while nothing is paid on it. */
export const notUnderWay = (order: ClientOrder) => order.status === "pending" || order.status === "approved";

/**
 * The farmer cancels their own unpaid order, after saying yes once: offered only while it is not under way
 * and holds no money and no open M-Pesa prompt (as the server allows).
 */
export function CancelOrder({ order }: { order: ClientOrder }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder();
  if (!notUnderWay(order) || order.amountPaidKes > 0 || order.pendingPaymentId !== null) return null;
  if (!asking) {
    return (
      <Button variant="outline" onClick={() => setAsking(true)}>
        {t("hold.cancel")}
      </Button>
    );
  }
  return (
    <fieldset className="space-y-2 rounded-md border border-red-200 p-3 dark:border-red-900">
      <legend className="sr-only">{t("hold.cancel")}</legend>
      <p className="text-sm">{t("hold.cancelSure")}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="destructive"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(order.id, {
              onSuccess: () => toast({ title: t("hold.cancelled") }),
              onError: (e) =>
                toast({ variant: "destructive", title: apiErrorMessage(e) ?? t("forgot.failed") }),
            })
          }
        >
          {t("hold.cancelYes")}
        </Button>
        <Button variant="outline" onClick={() => setAsking(false)}>
          {t("hold.cancelNo")}
        </Button>
      </div>
    </fieldset>
  );
}
