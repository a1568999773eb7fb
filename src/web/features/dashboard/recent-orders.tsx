import type { Order } from "../../../contract/orders";
import { LinkButton } from "../../components/link-button";
import { OrderStatusBadge } from "../../components/order-status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { formatKes } from "../../lib/format";

/** The five latest orders; View All only for roles that may open the orders screen. */
export function RecentOrders({ orders, canViewAll }: { orders: Order[] | undefined; canViewAll: boolean }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Recent Orders</CardTitle>
        {canViewAll && (
          <LinkButton href="/orders" variant="outline" size="sm">
            View All
          </LinkButton>
        )}
      </CardHeader>
      <CardContent>
        {!orders || orders.length === 0 ? (
          <p className="py-6 text-center text-sm text-gray-500">No recent orders found</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[520px] text-left text-sm">
              <thead className="text-xs uppercase text-gray-500">
                <tr>
                  <th className="py-2 pr-3 font-medium">Order ID</th>
                  <th className="py-2 pr-3 font-medium">Customer</th>
                  <th className="py-2 pr-3 font-medium">Type</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 text-right font-medium">Value</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                {orders.map((o) => (
                  <tr key={o.id} data-testid="recent-order">
                    <td className="py-2 pr-3 font-mono text-xs">{o.orderNumber}</td>
                    <td className="py-2 pr-3">{o.customerName}</td>
                    <td className="py-2 pr-3 capitalize">{o.orderType}</td>
                    <td className="py-2 pr-3">
                      <OrderStatusBadge status={o.status} />
                    </td>
                    <td className="py-2 text-right tabular-nums">{formatKes(o.totalAmountKes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
