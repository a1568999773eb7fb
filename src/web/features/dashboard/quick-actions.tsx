import { FileText, type LucideIcon, QrCode, ShoppingCart, Snowflake, Truck, UserPlus } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import type { Permission } from "../../../contract/roles";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { QrScanDialog } from "./qr-scan-dialog";

function Action({ label, icon: Icon, onClick }: { label: string; icon: LucideIcon; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex flex-col items-center gap-2 rounded-lg border border-gray-200 p-4 text-sm font-medium hover:border-brand-600 hover:bg-brand-50 dark:border-gray-700 dark:hover:bg-gray-800"
    >
      <Icon className="h-6 w-6 text-brand-700 dark:text-brand-500" aria-hidden />
      {label}
    </button>
  );
}

/**
 * SPEC's four actions, each only for a role that can finish it (a New Order the role may not place used
 * to end on "Access restricted"), and the store room's and the dispatch desk's own daily actions.
 */
const actions: { label: string; icon: LucideIcon; anyOf: Permission[]; to: string | "scan" }[] = [
  { label: "New Order", icon: ShoppingCart, anyOf: ["orders:write"], to: "/orders?new=1" },
  { label: "Scan QR Code", icon: QrCode, anyOf: ["inventory:read"], to: "scan" },
  { label: "Generate Report", icon: FileText, anyOf: ["reports", "reports:sales"], to: "/reports" },
  { label: "Add Customer", icon: UserPlus, anyOf: ["customers:write"], to: "/customers?new=1" },
  { label: "Record LN2 Level", icon: Snowflake, anyOf: ["storage"], to: "/storage" },
  { label: "Shipments", icon: Truck, anyOf: ["shipping"], to: "/shipping" },
];

export function QuickActions({ permissions }: { permissions: readonly Permission[] }) {
  const [, navigate] = useLocation();
  const [scanOpen, setScanOpen] = useState(false);
  const offered = actions.filter((a) => a.anyOf.some((p) => permissions.includes(p)));
  if (offered.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-3">
        {offered.map((a) => (
          <Action
            key={a.label}
            label={a.label}
            icon={a.icon}
            onClick={() => (a.to === "scan" ? setScanOpen(true) : navigate(a.to))}
          />
        ))}
      </CardContent>
      <QrScanDialog open={scanOpen} onOpenChange={setScanOpen} />
    </Card>
  );
}
