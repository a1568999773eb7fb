import { CheckCircle2, Printer, ScanLine } from "lucide-react";
import { type KeyboardEvent, type MouseEvent, useState } from "react";
import { caneKindLabels, type PickList } from "../../contract/cryo-store";
import { apiErrorMessage } from "../lib/api";
import { formatDate, formatDateTime } from "../lib/format";
import type { MutateCallbacks } from "../lib/query";
import { Button } from "./ui/button";
import { Input } from "./ui/input";

interface Scan {
  mutate: (input: { code: string }, callbacks: MutateCallbacks<PickList>) => void;
  isPending: boolean;
}

/**
 * An order's pick list: which straws to take from which cane and batch, first expiry first. Printable; with `scan`, each
 * pick is confirmed by scanning or typing the cane's label (or the straw's item ID) before dispatch.
 */
export function PickListPanel({ list, scan }: { list: PickList | undefined; scan?: Scan }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  if (!list) return <p className="text-sm text-gray-500">Loading the pick list…</p>;
  if (list.lines.length === 0 && list.unplaced.length === 0) return null;
  // Not a <form>: the panel sits inside the shipment form. A scanner types the code and presses Enter.
  const submit = (e: KeyboardEvent | MouseEvent) => {
    e.preventDefault();
    if (!scan || !code.trim()) return;
    setError(undefined);
    scan.mutate(
      { code: code.trim() },
      { onSuccess: () => setCode(""), onError: (err) => setError(apiErrorMessage(err) ?? "Scan failed") },
    );
  };
  const confirmed = list.lines.filter((l) => l.confirmedAt).length;
  return (
    <section
      className="print-area space-y-2 rounded-md border border-gray-200 p-3 text-sm dark:border-gray-700"
      aria-label="Pick list"
    >
      <div className="flex items-center justify-between gap-2">
        <h4 className="font-semibold">
          Pick list · {list.orderNumber}
          <span className="ml-2 font-normal text-gray-500 tabular-nums">
            {confirmed}/{list.lines.length} confirmed
          </span>
        </h4>
        <Button type="button" size="sm" variant="outline" className="no-print" onClick={() => window.print()}>
          <Printer /> Print
        </Button>
      </div>
      <p className="text-gray-500">
        {list.customerName}
        {list.deliveryAddress ? ` · deliver to ${list.deliveryAddress}` : ""}
      </p>
      <p className="hidden print:block">Printed {formatDateTime(new Date().toISOString())}</p>
      <ol className="divide-y divide-gray-100 dark:divide-gray-800">
        {list.lines.map((l) => (
          <li key={l.id} className="flex items-center justify-between gap-2 py-1.5" data-testid="pick-line">
            <span>
              <span className="font-mono font-semibold">{l.label}</span> · {l.tankName}, canister {l.canister}
              , {caneKindLabels[l.caneKind].toLowerCase()}: <strong>{l.count}</strong> × {l.itemId} (
              {l.breedName}), batch {l.batchCode}
              {l.batchExpiry && <span className="text-gray-500"> · use by {formatDate(l.batchExpiry)}</span>}
            </span>
            {l.confirmedAt ? (
              <span className="flex shrink-0 items-center gap-1 text-green-700 dark:text-green-400">
                <CheckCircle2 className="size-4" aria-hidden /> Picked
              </span>
            ) : (
              <span className="shrink-0 text-gray-500">To pick</span>
            )}
          </li>
        ))}
      </ol>
      {list.unplaced.map((u) => (
        <p key={u.itemId} className="text-amber-700 dark:text-amber-400">
          {u.count} × {u.itemId} not yet placed in the store: place them on the Tank map first.
        </p>
      ))}
      {scan && !list.allConfirmed && (
        <div className="no-print flex gap-2">
          <Input
            aria-label="Scan or type a label"
            placeholder="Scan or type the cane label"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && submit(e)}
            autoComplete="off"
          />
          <Button type="button" variant="outline" disabled={scan.isPending} onClick={submit}>
            <ScanLine /> Confirm
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="hidden gap-8 pt-8 print:grid print:grid-cols-2" data-testid="pick-signatures">
        {["Picked by", "Checked by"].map((who) => (
          <p key={who} className="border-t border-black pt-1">
            {who}: name, signature and time
          </p>
        ))}
      </div>
      {scan && list.allConfirmed && list.lines.length > 0 && (
        <p className="text-green-700 dark:text-green-400">Every pick is confirmed: ready to dispatch.</p>
      )}
    </section>
  );
}
