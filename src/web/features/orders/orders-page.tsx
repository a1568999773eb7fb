import { useQuery } from "@tanstack/react-query";
import { CheckCircle, Clock, DollarSign, ShoppingCart } from "lucide-react";
import { useDeferredValue, useState } from "react";
import {
  type Order,
  type OrderListQuery,
  type OrderStatus,
  type OrderSummary,
  staffStatusFilter,
  staffStatusLabels,
} from "../../../contract/orders";
import { AddButton } from "../../components/add-button";
import { ChoiceSelect } from "../../components/choice-select";
import { FilterBar, ListScreen, ListState, type Stat } from "../../components/list-screen";
import { ListSearch } from "../../components/list-search";
import { useRefundDecision } from "../../components/refund-decision";
import { SortSelect } from "../../components/sort-select";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { toastOutcome } from "../../components/ui/use-toast";
import { capitalise, type DisplayCurrency, formatKes, formatKesIn, formatUsd } from "../../lib/format";
import { sortOf, useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { useNewParam } from "../../lib/use-search-param";
import { orderQueries, useCancelOrder } from "./api";
import { CurrencyToggle } from "./currency-toggle";
import { NewOrderDialog } from "./new-order-dialog";
import { OrderCard } from "./order-card";
import { OrderDetailsDialog } from "./order-details-dialog";
import { OrderFormDialog } from "./order-form-dialog";

const screen = { title: "Sales & Orders", subtitle: "Orders from staff and the client portal" };
/** Revenue in the chosen currency (only for those who may see the books): the server's USD figure, or the one rate for the outstanding amount. */
const statsOf = (s: OrderSummary, currency: DisplayCurrency): Stat[] => [
  {
    label: "Total Orders",
    value: s.totalOrders,
    icon: ShoppingCart,
    hint: "Every order, whatever its status",
  },
  ...(s.totalRevenueKes === null || s.totalRevenueUsd === null
    ? []
    : [
        {
          label: "Total Revenue",
          value: currency === "KES" ? formatKes(s.totalRevenueKes) : formatUsd(s.totalRevenueUsd),
          icon: DollarSign,
          hint: `Booked: approved and later orders, in ${currency}; ${formatKesIn(s.outstandingKes ?? 0, currency)} outstanding`,
        },
      ]),
  { label: "Pending Orders", value: s.pendingOrders, icon: Clock },
  { label: "Delivered Orders", value: s.deliveredOrders, icon: CheckCircle },
];

const orderSortOptions = [
  ["orderDate:desc", "Newest first"],
  ["orderDate:asc", "Oldest first"],
  ["totalAmountKes:desc", "Amount: high to low"],
  ["totalAmountKes:asc", "Amount: low to high"],
  ["customerName:asc", "Customer: A to Z"],
  ["orderNumber:desc", "Order number"],
] as const;

const emptyList = (filtering: boolean) => ({
  icon: ShoppingCart,
  title: filtering ? "No orders found" : "No orders yet",
  hint: filtering ? "Try adjusting your search or filters" : undefined,
  testId: "orders-empty",
});

export default function OrdersPage({
  canWrite,
  canTakePayments,
  unlimitedDiscount,
}: {
  canWrite: boolean;
  canTakePayments: boolean;
  /** A Director (pricing) gives any discount; others up to the limit in settings, a Director approving above. */
  unlimitedDiscount: boolean;
}) {
  const [currency, setCurrency] = useState<DisplayCurrency>("KES");
  const list = useListParams({ search: "", status: "all", sort: "orderDate", order: "desc" });
  const { search } = list.values;
  const status = list.values.status as OrderStatus | "all" | "refund_due";
  const filters = {
    search: useDeferredValue(search).trim() || undefined,
    status: status === "all" || status === "refund_due" ? undefined : status,
    refundDue: status === "refund_due" ? ("true" as const) : undefined,
    ...sortOf<OrderListQuery>(list.values),
  };
  const page = usePage(filters);
  const orders = useQuery(orderQueries.list({ ...filters, ...page.params }));
  const summary = useQuery(orderQueries.summary());
  const [formOpen, setFormOpen] = useState(false);
  const [newOpen, setNewOpen] = useState(false);
  const [editing, setEditing] = useState<Order>();
  const [viewing, setViewing] = useState<number>();
  const [deleting, setDeleting] = useState<Order>();
  const cancel = useCancelOrder();
  const refund = useRefundDecision(deleting?.amountPaidKes ?? 0, "cancel");
  const openForm = (order: Order) => {
    setEditing(order);
    setFormOpen(true);
  };
  const openNew = () => setNewOpen(true);
  useNewParam(canWrite, openNew);

  const confirmDelete = () =>
    deleting &&
    cancel.mutate(
      { id: deleting.id, refund: refund.decision },
      toastOutcome(
        {
          title: "Order Cancelled",
          description: `${deleting.orderNumber} was cancelled and its stock released.`,
        },
        "Failed to cancel order.",
        { after: () => setDeleting(undefined) },
      ),
    );

  const filtering = search !== "" || status !== "all";
  return (
    <ListScreen
      {...screen}
      actions={
        <>
          <CurrencyToggle value={currency} onChange={setCurrency} />
          {canWrite && <AddButton label="New Order" onClick={openNew} />}
        </>
      }
      stats={summary.data && statsOf(summary.data, currency)}
      filters={
        <FilterBar>
          <ListSearch list={list} label="Search orders" placeholder="Search by order number or customer..." />
          <ChoiceSelect
            label="Filter by status"
            all="All statuses"
            className="sm:w-48"
            options={[
              ...staffStatusFilter.map((st) => [st, capitalise(staffStatusLabels[st])] as const),
              ["refund_due", "To refund"] as const,
            ]}
            value={status}
            onChange={(v) => list.set({ status: v })}
          />
          <SortSelect options={orderSortOptions} value={list.values} onChange={list.set} />
        </FilterBar>
      }
      cards
      dialogs={
        <>
          <NewOrderDialog open={newOpen} onOpenChange={setNewOpen} unlimitedDiscount={unlimitedDiscount} />
          {editing && <OrderFormDialog open={formOpen} onOpenChange={setFormOpen} order={editing} />}
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
                <strong>{deleting?.orderNumber}</strong> for {deleting?.customerName} will be cancelled and
                any stock it holds released. This cannot be undone.
              </>
            }
            confirmLabel="Cancel order"
            pending={cancel.isPending}
            onConfirm={confirmDelete}
          >
            {refund.fields}
          </ConfirmDialog>
        </>
      }
    >
      <ListState query={orders} page={page} label="orders" empty={emptyList(filtering)}>
        {(rows) =>
          rows.map((o) => (
            <OrderCard
              key={o.id}
              order={o}
              currency={currency}
              canWrite={canWrite}
              onView={() => setViewing(o.id)}
              onEdit={() => openForm(o)}
              onDelete={() => setDeleting(o)}
            />
          ))
        }
      </ListState>
    </ListScreen>
  );
}
