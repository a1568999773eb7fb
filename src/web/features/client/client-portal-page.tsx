import { useState } from "react";
import { TabBar } from "../../components/tab-bar";
import { NativeSelect } from "../../components/ui/native-select";
import type { DisplayCurrency } from "../../lib/format";
import { useSession } from "../../lib/session";
import { ClientLayout } from "./client-layout";
import { MyOrders } from "./my-orders";
import { OrderLookup } from "./order-lookup";
import { Catalog } from "./portal-catalog";

type Tab = "orders" | "catalog" | "tracking";
const tabs = [
  ["orders", "My Orders"],
  ["catalog", "Product Catalog"],
  ["tracking", "Order Tracking"],
] as const;

function PortalTabs() {
  const [tab, setTab] = useState<Tab>("orders");
  const [currency, setCurrency] = useState<DisplayCurrency>("KES");
  const user = useSession().data?.user;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Client Portal</h1>
          <p className="text-sm text-gray-500">
            {user ? `${user.firstName} ${user.lastName}` : "Client User"} · Breeder Account
            {user?.farmName && ` · ${user.farmName}`}
          </p>
        </div>
        <NativeSelect
          aria-label="Currency"
          className="w-28"
          value={currency}
          onChange={(e) => setCurrency(e.target.value as DisplayCurrency)}
        >
          <option value="KES">KES</option>
          <option value="USD">USD</option>
        </NativeSelect>
      </div>
      <TabBar tabs={tabs} value={tab} onChange={setTab} />
      {tab === "orders" && <MyOrders currency={currency} onBrowse={() => setTab("catalog")} />}
      {tab === "catalog" && <Catalog currency={currency} />}
      {tab === "tracking" && <OrderLookup currency={currency} />}
    </div>
  );
}

export default function ClientPortalPage() {
  return (
    <ClientLayout>
      <PortalTabs />
    </ClientLayout>
  );
}
