import { useQuery } from "@tanstack/react-query";
import { Pencil, Printer } from "lucide-react";
import { useState } from "react";
import { categoryLabels, originLabels, stockMovementKindLabels } from "../../../contract/inventory";
import { taxTypeLabels } from "../../../contract/tax";
import { AuditHistoryButton } from "../../components/audit-trail";
import { QrCode } from "../../components/qr-code";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { RecordDialog } from "../../components/ui/form-dialog";
import { formatDate, formatDateTime, formatKes } from "../../lib/format";
import { AddItemDialog } from "./add-item-dialog";
import { inventoryQueries } from "./api";
import { BatchesPanel } from "./batches-panel";
import { storedAt } from "./item-card";
import { originFlags, viabilityTone } from "./labels";
import { StockActions } from "./stock-actions";

/** The full record of one item: every field, its batches, its stock history and a printable QR label. */
export function ItemDetailsDialog({
  id,
  onClose,
  canWrite,
}: {
  id: number | undefined;
  onClose: () => void;
  /** Inventory writers may write stock off and record counts here. */
  canWrite: boolean;
}) {
  const item = useQuery({ ...inventoryQueries.detail(id ?? 0), enabled: id !== undefined });
  const data = item.data;
  const [editing, setEditing] = useState(false);
  if (id === undefined) return null;

  return (
    <RecordDialog
      onClose={onClose}
      wide
      title={data ? `${data.breedName} (${data.itemId})` : "Loading item…"}
      description="Full record, stock history and label"
    >
      {item.isError && <p className="text-sm text-red-600">This item could not be loaded.</p>}
      {data && (
        // minmax(0, 1fr): a grid track would otherwise grow to the history table's width and push the
        // dialog sideways on a phone.
        <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-[minmax(0,1fr)_auto]">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-gray-500">Type</dt>
              <dd className="capitalize">{data.type}</dd>
              <dt className="text-gray-500">Viability</dt>
              <dd>
                <Badge tone={viabilityTone[data.viabilityStatus]} className="capitalize">
                  {data.viabilityStatus}
                </Badge>
              </dd>
              <dt className="text-gray-500">Category</dt>
              <dd>{categoryLabels[data.geneticData.category]}</dd>
              <dt className="text-gray-500">Origin</dt>
              <dd>
                {originFlags[data.geneticData.origin]} {originLabels[data.geneticData.origin]}
              </dd>
              <dt className="text-gray-500">On hand / reserved</dt>
              <dd>
                {data.currentStock} / {data.reservedStock} ({data.availableStock} available)
              </dd>
              <dt className="text-gray-500">Storage</dt>
              <dd>{storedAt(data)}</dd>
              <dt className="text-gray-500">Supplier</dt>
              <dd>{data.acquiredFrom}</dd>
              <dt className="text-gray-500">Price per unit</dt>
              <dd>{formatKes(data.costPerUnit)}</dd>
              <dt className="text-gray-500">Tax type</dt>
              <dd data-testid="tax-type">
                {data.taxType ? taxTypeLabels[data.taxType] : "Not set: cannot be invoiced"}
                {data.itemClassCode && ` · class ${data.itemClassCode}`}
              </dd>
              <dt className="text-gray-500">Expiry</dt>
              <dd>{formatDate(data.expiryDate)}</dd>
              <dt className="text-gray-500">Breeding value</dt>
              <dd>{data.geneticData.breeding_value ?? "–"}/100</dd>
              <dt className="text-gray-500">Regions</dt>
              <dd>{data.geneticData.region_suitability.join(", ") || "–"}</dd>
            </dl>
            <div className="print-area flex flex-col items-center gap-1 rounded-md border border-gray-200 p-3 text-center dark:border-gray-700">
              <QrCode text={data.itemId} />
              <p className="font-mono text-sm font-semibold">{data.itemId}</p>
              <p className="text-xs">{data.breedName}</p>
              <Button variant="outline" size="sm" className="no-print mt-1" onClick={() => window.print()}>
                <Printer /> Print label
              </Button>
            </div>
          </div>
          {data.description && <p className="text-sm text-gray-600 dark:text-gray-400">{data.description}</p>}
          {canWrite && (
            <>
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => setEditing(true)}
              >
                <Pencil /> Edit details
              </Button>
              <AddItemDialog item={data} open={editing} onOpenChange={setEditing} />
              <StockActions item={data} />
            </>
          )}
          <BatchesPanel item={data} canWrite={canWrite} />
          <div>
            <div className="mb-2 flex items-center justify-between gap-2">
              <h4 className="text-sm font-semibold">Stock history</h4>
              <AuditHistoryButton entity="inventory_items" entityId={data.id} name={data.itemId} />
            </div>
            <div className="max-h-56 overflow-y-auto rounded-md border border-gray-200 dark:border-gray-700">
              <table className="w-full text-left text-xs" data-testid="stock-history">
                <thead className="sticky top-0 bg-gray-50 dark:bg-gray-800">
                  <tr>
                    <th className="p-2 font-medium">Date</th>
                    <th className="p-2 font-medium">Movement</th>
                    <th className="p-2 text-right font-medium">On hand</th>
                    <th className="p-2 text-right font-medium">Reserved</th>
                    <th className="p-2 font-medium">Reference</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                  {data.movements.map((m) => (
                    <tr key={m.id}>
                      <td className="p-2 whitespace-nowrap">{formatDateTime(m.createdAt)}</td>
                      <td className="p-2">{stockMovementKindLabels[m.kind]}</td>
                      <td className="p-2 text-right tabular-nums">
                        {m.stockDelta ? (m.stockDelta > 0 ? `+${m.stockDelta}` : m.stockDelta) : ""}
                      </td>
                      <td className="p-2 text-right tabular-nums">
                        {m.reservedDelta
                          ? m.reservedDelta > 0
                            ? `+${m.reservedDelta}`
                            : m.reservedDelta
                          : ""}
                      </td>
                      <td className="p-2">{m.orderNumber ?? m.note ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </div>
      )}
    </RecordDialog>
  );
}
