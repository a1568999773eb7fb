import { Download, Filter, Package, Plus } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link } from "wouter";
import { kesToUsd } from "../../../contract/money";
import { DisplayStatusBadge } from "../../components/order-status-badge";
import { PaymentStatusBadge } from "../../components/payment-status-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { LoadingBars } from "../../components/ui/loading-bars";
import { NativeSelect } from "../../components/ui/native-select";
import { SearchInput } from "../../components/ui/search-input";
import { cn } from "../../lib/cn";
import { formatDate, formatKes, formatUsd } from "../../lib/format";
import { useSession } from "../../lib/session";
import { useCatalog, useClientOrders, useShopProducts } from "./api";
import { ClientLayout } from "./client-layout";
import { downloadOrdersCsv } from "./orders-csv";
import { PortalStatusBadge, statusHint } from "./portal-status";
import { addWithToast } from "./product-card";

type Tab = "orders" | "catalog" | "tracking";
type Currency = "KES" | "USD";
const money = (kes: number, currency: Currency) =>
  currency === "USD" ? formatUsd(kesToUsd(kes)) : formatKes(kes);

function MyOrders({ currency, onBrowse }: { currency: Currency; onBrowse: () => void }) {
  const orders = useClientOrders();
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button asChild>
          <Link href="/client-orders">
            <Plus /> New Order
          </Link>
        </Button>
      </div>
      {orders.isLoading ? (
        <LoadingBars label="Loading orders" />
      ) : !orders.data?.length ? (
        <EmptyState
          icon={Package}
          title="No orders yet"
          action={<Button onClick={onBrowse}>Browse Catalog</Button>}
        />
      ) : (
        orders.data.map((o) => (
          <Card
            key={o.id}
            className="flex flex-wrap items-center justify-between gap-3 p-4"
            data-testid="my-order"
          >
            <div>
              <p className="font-mono text-sm font-semibold">{o.orderNumber}</p>
              <p className="text-xs capitalize text-gray-500">
                {o.orderType} · {formatDate(o.orderDate)}
                {o.expectedDeliveryDate && ` · delivery ${formatDate(o.expectedDeliveryDate)}`}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <PaymentStatusBadge status={o.paymentStatus} amountPaidKes={o.amountPaidKes} />
              <DisplayStatusBadge status={o.status} />
              <span className="font-semibold tabular-nums">{money(o.totalAmountKes, currency)}</span>
            </div>
          </Card>
        ))
      )}
    </div>
  );
}

function Catalog({ currency }: { currency: Currency }) {
  const catalog = useCatalog();
  const products = useShopProducts();
  const [search, setSearch] = useState("");
  const [showFilters, setShowFilters] = useState(false);
  const [type, setType] = useState("all");
  const q = useDeferredValue(search).trim().toLowerCase();
  const rows = (catalog.data ?? []).filter(
    (c) =>
      (type === "all" || c.type === type) &&
      (!q || c.breedName.toLowerCase().includes(q) || c.type.includes(q)),
  );
  return (
    <div className="space-y-3">
      <Card className="flex flex-col gap-3 p-4 sm:flex-row">
        <SearchInput
          label="Search catalog"
          placeholder="Search by breed or type..."
          value={search}
          onChange={setSearch}
        />
        <Button variant="outline" aria-expanded={showFilters} onClick={() => setShowFilters((v) => !v)}>
          <Filter /> Filters
        </Button>
        {showFilters && (
          <NativeSelect
            aria-label="Catalog type"
            className="sm:w-40"
            value={type}
            onChange={(e) => setType(e.target.value)}
          >
            <option value="all">All types</option>
            <option value="embryo">Embryo</option>
            <option value="sperm">Sperm</option>
          </NativeSelect>
        )}
      </Card>
      {catalog.isLoading ? (
        <LoadingBars label="Loading catalog" />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((c) => {
            const product = products.data?.find((p) => p.id === c.id);
            return (
              <Card key={c.id} className="flex flex-col gap-1 p-4" data-testid="catalog-item">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-semibold">{c.breedName}</p>
                  <Badge tone={c.type === "embryo" ? "purple" : "blue"} className="capitalize">
                    {c.type}
                  </Badge>
                </div>
                <p className="font-mono text-xs text-gray-500">{c.itemId}</p>
                <p className="text-sm">
                  {money(c.costPerUnit, currency)} · {c.currentStock} in stock
                </p>
                <Button
                  size="sm"
                  className="mt-2"
                  disabled={!product || c.currentStock <= 0}
                  onClick={() => product && addWithToast(product)}
                >
                  Add to Cart
                </Button>
              </Card>
            );
          })}
        </div>
      )}
    </div>
  );
}

function Tracking({ currency }: { currency: Currency }) {
  const orders = useClientOrders();
  const [number, setNumber] = useState("");
  const wanted = number.trim().toUpperCase();
  const found = wanted ? orders.data?.find((o) => o.orderNumber.toUpperCase() === wanted) : undefined;
  return (
    <div className="space-y-3">
      <Card className="space-y-3 p-4">
        <Field id="track-number" label="Order number">
          <Input
            id="track-number"
            placeholder="ORD-2026-000123"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
        </Field>
        <div className="flex justify-end">
          <Button
            variant="outline"
            size="sm"
            disabled={!orders.data?.length}
            onClick={() => orders.data && downloadOrdersCsv(orders.data)}
          >
            <Download /> Export Report
          </Button>
        </div>
      </Card>
      {!wanted ? (
        <p className="text-sm text-gray-500">Enter an order number to see where your order is.</p>
      ) : found ? (
        <Card className="space-y-1 p-4" data-testid="tracking-result">
          <div className="flex items-center justify-between">
            <p className="font-mono font-semibold">{found.orderNumber}</p>
            <PortalStatusBadge status={found.status} />
          </div>
          <p className="text-sm">{statusHint(found.status)}</p>
          <p className="text-sm">Total: {money(found.totalAmountKes, currency)}</p>
          {found.trackingNumber && <p className="text-sm">Tracking number: {found.trackingNumber}</p>}
          {found.estimatedDelivery && (
            <p className="text-sm">Estimated delivery: {formatDate(found.estimatedDelivery)}</p>
          )}
          {found.notes && <p className="text-sm text-gray-600">Notes: {found.notes}</p>}
        </Card>
      ) : (
        <p className="text-sm text-gray-500">None of your orders has the number {wanted}.</p>
      )}
    </div>
  );
}

function PortalTabs() {
  const [tab, setTab] = useState<Tab>("orders");
  const [currency, setCurrency] = useState<Currency>("KES");
  const user = useSession().data?.user;
  const tabs: [Tab, string][] = [
    ["orders", "My Orders"],
    ["catalog", "Product Catalog"],
    ["tracking", "Order Tracking"],
  ];
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
          onChange={(e) => setCurrency(e.target.value as Currency)}
        >
          <option value="KES">KES</option>
          <option value="USD">USD</option>
        </NativeSelect>
      </div>
      <div className="flex gap-1 border-b border-gray-200 dark:border-gray-800" role="tablist">
        {tabs.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            onClick={() => setTab(id)}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              tab === id
                ? "border-brand-700 text-brand-800 dark:text-brand-500"
                : "border-transparent text-gray-500",
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === "orders" && <MyOrders currency={currency} onBrowse={() => setTab("catalog")} />}
      {tab === "catalog" && <Catalog currency={currency} />}
      {tab === "tracking" && <Tracking currency={currency} />}
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
