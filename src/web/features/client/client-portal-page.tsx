import { useState } from "react";
import { TabBar } from "../../components/tab-bar";
import { NativeSelect } from "../../components/ui/native-select";
import type { DisplayCurrency } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { useSession } from "../../lib/session";
import { ClientLayout } from "./client-layout";
import { MyOrders } from "./my-orders";
import { OrderLookup } from "./order-lookup";
import { Catalog } from "./portal-catalog";

type Tab = "orders" | "catalog" | "tracking";

function PortalTabs() {
  const t = useT();
  const tabs = [
    ["orders", t("account.tab.orders")],
    ["catalog", t("account.tab.catalog")],
    ["tracking", t("account.tab.tracking")],
  ] as const;
  const [tab, setTab] = useState<Tab>("orders");
  const [currency, setCurrency] = useState<DisplayCurrency>("KES");
  const user = useSession().data?.user;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("account.title")}</h1>
          <p className="text-sm text-gray-500">
            {t("account.breeder", { name: user ? `${user.firstName} ${user.lastName}` : "" })}
            {user?.farmName && ` · ${user.farmName}`}
          </p>
        </div>
        <NativeSelect
          aria-label={t("account.currency")}
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
