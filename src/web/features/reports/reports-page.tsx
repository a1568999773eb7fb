import { useQuery } from "@tanstack/react-query";
import { Download, Package, ShoppingCart, TrendingUp, Users } from "lucide-react";
import { useState } from "react";
import {
  type Report,
  type ReportPeriod,
  type ReportType,
  reportPeriodLabels,
  reportPeriods,
  reportTypes,
} from "../../../contract/reports";
import { ChoiceSelect } from "../../components/choice-select";
import { LinkButton } from "../../components/link-button";
import { StatRow } from "../../components/list-screen";
import { PageHeader } from "../../components/page-header";
import { TabBar } from "../../components/tab-bar";
import { optionsOf } from "../../components/ui/field";
import { LoadingCards } from "../../components/ui/loading-cards";
import { formatKes } from "../../lib/format";
import { reportExportUrl, reportQueries } from "./api";
import { Customers } from "./customers-tab";
import { Fertility } from "./fertility-tab";
import { Inventory } from "./inventory-tab";
import { KeptPanels } from "./kept-panels";
import { Overview } from "./overview-tab";
import { Sales } from "./sales-tab";

/** The report tabs; Fertility is measured over all services, not the period, and has no PDF yet. */
type Tab = ReportType | "fertility";
const tabLabels: Record<Tab, string> = {
  overview: "Overview",
  sales: "Sales",
  inventory: "Inventory",
  customers: "Customers",
  fertility: "Fertility",
};

const periods = optionsOf(reportPeriods, reportPeriodLabels);

const allTabs = [...reportTypes, "fertility"] as const satisfies readonly Tab[];
const salesTabs = allTabs.filter((t) => t !== "inventory" && t !== "fertility");
/** Inventory and fertility are for those who see the stock, not sales-only reporting. */
const tabsOf = (r: Report): readonly Tab[] => (r.inventoryReport ? allTabs : salesTabs);

function renderTab(tab: Tab, r: Report) {
  switch (tab) {
    case "overview":
      return <Overview r={r} />;
    case "sales":
      return <Sales r={r} />;
    case "inventory":
      return r.inventoryReport && <Inventory i={r.inventoryReport} />;
    case "customers":
      return <Customers r={r} />;
    case "fertility":
      return <Fertility />;
  }
}

export default function ReportsPage() {
  const [period, setPeriod] = useState<ReportPeriod>("30d");
  const [tab, setTab] = useState<Tab>("overview");
  const report = useQuery(reportQueries.report(period));
  const r = report.data;
  return (
    <div>
      <PageHeader
        title="Reports and Analytics"
        subtitle="Sales, customers and stock for the period you choose"
        actions={
          <>
            <ChoiceSelect
              label="Report period"
              className="w-40"
              options={periods}
              value={period}
              onChange={setPeriod}
            />
            {tab !== "fertility" && (
              <>
                <LinkButton href={reportExportUrl(period, tab, "pdf")} download>
                  <Download /> Export Report
                </LinkButton>
                <LinkButton href={reportExportUrl(period, tab, "csv")} download variant="outline">
                  <Download /> CSV
                </LinkButton>
              </>
            )}
          </>
        }
      />
      {!r ? (
        <LoadingCards />
      ) : (
        <div className="space-y-6">
          <StatRow
            stats={[
              // The period is in the label: these are not the all-time figures of the same name elsewhere.
              // Money only for roles with finance: the server sends none to the others.
              ...(r.salesReport.totalRevenue === null
                ? []
                : [
                    {
                      label: `Total Revenue (${reportPeriodLabels[period].toLowerCase()})`,
                      value: formatKes(r.salesReport.totalRevenue),
                      icon: TrendingUp,
                      hint: `Booked on orders placed in the period; ${formatKes(r.salesReport.ledger?.outstandingKes ?? 0)} outstanding`,
                    },
                  ]),
              {
                label: `Booked Orders (${reportPeriodLabels[period].toLowerCase()})`,
                value: r.salesReport.totalOrders,
                icon: ShoppingCart,
                hint: "Approved and later, not cancelled or rejected",
              },
              { label: "Active Customers", value: r.customerReport.activeCustomers, icon: Users },
              ...(r.inventoryReport
                ? [
                    {
                      label: "Inventory Items",
                      value: r.inventoryReport.totalItems,
                      icon: Package,
                      hint: `${r.inventoryReport.lowStockItems} low stock`,
                    },
                  ]
                : []),
            ]}
          />
          <TabBar tabs={tabsOf(r).map((t) => [t, tabLabels[t]] as const)} value={tab} onChange={setTab} />
          <KeptPanels tabs={tabsOf(r)} current={tab} data={r} render={renderTab} />
        </div>
      )}
    </div>
  );
}
