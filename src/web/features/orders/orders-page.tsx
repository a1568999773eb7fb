import { CheckCircle, Clock, DollarSign, Plus, ShoppingCart } from "lucide-react";
import { useDeferredValue, useEffect, useState } from "react";
import { KES_PER_USD } from "../../../contract/money";
import { type Order, type OrderStatus, staffStatusFilter, staffStatusLabels } from "../../../contract/orders";
import { PageHeader } from "../../components/page-header";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingBars } from "../../components/ui/loading-bars";
import { NativeSelect } from "../../components/ui/native-select";
import { SearchInput } from "../../components/ui/search-input";
import { StatCard } from "../../components/ui/stat-card";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatKes, formatUsd } from "../../lib/format";
import { useSearchParam } from "../../lib/use-search-param";
import { useCancelOrder, useOrderSummary, useOrders } from "./api";
import { type DisplayCurrency, OrderCard } from "./order-card";
import { OrderDetailsDialog } from "./order-details-dialog";
import { OrderFormDialog } from "./order-form-dialog";

export default function OrdersPage({
  canWrite,
  canTakePayments,
}: {
  canWrite: boolean;
  canTakePayments: boolean;
}) {
  const [currency, setCurrency] = useState<DisplayCurrency>("KES");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<OrderStatus | "all">("all");
  const orders = useOrders({ search: useDeferredValue(search), status });
  const summary = useOrderSummary();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Order>();
  const [viewing, setViewing] = useState<number>();
  const [deleting, setDeleting] = useState<Order>();
  const cancel = useCancelOrder();
  const [newParam, clearNewParam] = useSearchParam("new");

  // The dashboard's New Order quick action lands here with ?new=1.
  useEffect(() => {
    if (newParam && canWrite) {
      setEditing(undefined);
      setFormOpen(true);
      clearNewParam();
    }
  }, [newParam, canWrite, clearNewParam]);

  const revenue =
    summary.data &&
    (currency === "KES" ? formatKes(summary.data.totalRevenueKes) : formatUsd(summary.data.totalRevenueUsd));
  const outstanding =
    summary.data &&
    (currency === "KES"
      ? formatKes(summary.data.outstandingKes)
      : formatUsd(Math.round(summary.data.outstandingKes / KES_PER_USD)));

  const confirmDelete = () => {
    if (!deleting) return;
    cancel.mutate(deleting.id, {
      onSuccess: (o) => {
        toast({
          title: "Order Cancelled",
          description: `${o.orderNumber} was cancelled and its stock released.`,
        });
        setDeleting(undefined);
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: apiErrorMessage(error) ?? "Failed to cancel order.",
        }),
    });
  };

  return (
    <div>
      <PageHeader
        title="Sales & Orders"
        subtitle="Orders from staff and the client portal"
        actions={
          <>
            <fieldset className="inline-flex rounded-md border border-gray-300 p-0.5 dark:border-gray-700">
              <legend className="sr-only">Currency</legend>
              {(["KES", "USD"] as const).map((c) => (
                <button
                  key={c}
                  type="button"
                  aria-pressed={currency === c}
                  onClick={() => setCurrency(c)}
                  className={cn(
                    "rounded px-3 py-1.5 text-sm font-medium",
                    currency === c ? "bg-brand-700 text-white" : "hover:bg-gray-100 dark:hover:bg-gray-800",
                  )}
                >
                  {c}
                </button>
              ))}
            </fieldset>
            {canWrite && (
              <Button
                onClick={() => {
                  setEditing(undefined);
                  setFormOpen(true);
                }}
              >
                <Plus /> New Order
              </Button>
            )}
          </>
        }
      />

      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total Orders" value={summary.data?.totalOrders} icon={ShoppingCart} />
        <StatCard
          label="Total Revenue"
          value={revenue}
          icon={DollarSign}
          hint={`Order value booked (approved and later), in ${currency}; ${outstanding ?? "–"} outstanding`}
        />
        <StatCard label="Pending Orders" value={summary.data?.pendingOrders} icon={Clock} />
        <StatCard label="Delivered Orders" value={summary.data?.deliveredOrders} icon={CheckCircle} />
      </div>

      <Card className="mb-6 flex flex-col gap-3 p-4 sm:flex-row">
        <SearchInput
          label="Search orders"
          placeholder="Search by order number or customer..."
          value={search}
          onChange={setSearch}
        />
        <NativeSelect
          aria-label="Filter by status"
          className="sm:w-48"
          value={status}
          onChange={(e) => setStatus(e.target.value as OrderStatus | "all")}
        >
          <option value="all">All statuses</option>
          {staffStatusFilter.map((s) => (
            <option key={s} value={s}>
              {staffStatusLabels[s][0]!.toUpperCase() + staffStatusLabels[s].slice(1)}
            </option>
          ))}
        </NativeSelect>
      </Card>

      {orders.isLoading ? (
        <LoadingBars label="Loading orders" />
      ) : orders.data && orders.data.length > 0 ? (
        <div className="space-y-3">
          {orders.data.map((o) => (
            <OrderCard
              key={o.id}
              order={o}
              currency={currency}
              canWrite={canWrite}
              onView={() => setViewing(o.id)}
              onEdit={() => {
                setEditing(o);
                setFormOpen(true);
              }}
              onDelete={() => setDeleting(o)}
            />
          ))}
        </div>
      ) : (
        <EmptyState
          testId="orders-empty"
          icon={ShoppingCart}
          title={search || status !== "all" ? "No orders found" : "No orders yet"}
          hint={search || status !== "all" ? "Try adjusting your search or filters" : undefined}
        />
      )}

      <OrderFormDialog open={formOpen} onOpenChange={setFormOpen} order={editing} />
      <OrderDetailsDialog
        id={viewing}
        onClose={() => setViewing(undefined)}
        canTakePayments={canTakePayments}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Cancel this order?"
        description={
          <>
            <strong>{deleting?.orderNumber}</strong> for {deleting?.customerName} will be cancelled and any
            stock it holds released. This cannot be undone.
          </>
        }
        confirmLabel="Cancel order"
        pending={cancel.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
