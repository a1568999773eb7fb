import { FileText, type LucideIcon, QrCode, ShoppingCart, UserPlus } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
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

export function QuickActions() {
  const [, navigate] = useLocation();
  const [scanOpen, setScanOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-3">
        <Action label="New Order" icon={ShoppingCart} onClick={() => navigate("/orders?new=1")} />
        <Action label="Scan QR Code" icon={QrCode} onClick={() => setScanOpen(true)} />
        <Action label="Generate Report" icon={FileText} onClick={() => navigate("/reports")} />
        <Action label="Add Customer" icon={UserPlus} onClick={() => navigate("/customers?new=1")} />
      </CardContent>
      <QrScanDialog open={scanOpen} onOpenChange={setScanOpen} />
    </Card>
  );
}
