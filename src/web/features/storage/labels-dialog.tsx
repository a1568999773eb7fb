import { Printer } from "lucide-react";
import type { TankMap } from "../../../contract/cryo-store";
import { QrCode } from "../../components/qr-code";
import { Button } from "../../components/ui/button";
import { RecordDialog } from "../../components/ui/form-dialog";

/** A printable sheet of QR labels: the tank's own, then one per cane or goblet, scanned when picking. */
export function LabelsDialog({ tank, onClose }: { tank: TankMap; onClose: () => void }) {
  const labels = [
    { code: tank.label, caption: tank.name },
    ...tank.canisters.flatMap((c) =>
      c.canes.map((cane) => ({ code: cane.label, caption: `Canister ${c.number}` })),
    ),
  ];
  return (
    <RecordDialog onClose={onClose} wide title={`Labels: ${tank.name}`} description="Tank, canes and goblets">
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => window.print()}>
        <Printer /> Print labels
      </Button>
      <div className="print-area grid grid-cols-3 gap-3 sm:grid-cols-4">
        {labels.map((l) => (
          <div
            key={l.code}
            className="flex flex-col items-center rounded border border-gray-200 p-2 text-center dark:border-gray-700"
          >
            <QrCode text={l.code} className="h-20 w-20" />
            <p className="font-mono text-xs font-semibold">{l.code}</p>
            <p className="text-[10px] text-gray-500">{l.caption}</p>
          </div>
        ))}
      </div>
    </RecordDialog>
  );
}
