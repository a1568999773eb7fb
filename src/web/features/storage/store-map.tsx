import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ItemWhereabouts, Transfer } from "../../../contract/cryo-store";
import { type Column, DataTable } from "../../components/data-table";
import { LoadError } from "../../components/load-error";
import { Pager } from "../../components/pager";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadingCards } from "../../components/ui/loading-cards";
import { formatDateTime } from "../../lib/format";
import { usePage } from "../../lib/use-page";
import { storeQueries } from "./api";
import { CanisterCountDialog } from "./canister-count-dialog";
import { CanisterDialog } from "./canister-dialog";
import { LabelsDialog } from "./labels-dialog";
import { PlaceDialog } from "./place-dialog";
import { type MapAction, TankMapCard } from "./tank-map-card";
import { TransferDialog } from "./transfer-dialog";
import { WhereIs } from "./where-is";

const transferColumns: Column<Transfer>[] = [
  { header: "When", cell: (t) => formatDateTime(t.createdAt) },
  { header: "Item", cell: (t) => <span className="font-mono">{t.itemId}</span> },
  { header: "Straws", cell: (t) => t.count, className: "tabular-nums" },
  { header: "From → to", cell: (t) => `${t.from} → ${t.to}` },
  { header: "By", cell: (t) => t.movedBy ?? "–" },
  { header: "Why", cell: (t) => t.note ?? "–" },
];

/** The tank map: where every straw is, search by item, canisters' fill, moves and labels. */
export function StoreMap() {
  const maps = useQuery(storeQueries.map());
  const page = usePage(null, 10, "movesPage");
  const transfers = useQuery(storeQueries.transfers(page.params));
  const [action, setAction] = useState<MapAction | null>(null);
  const [placing, setPlacing] = useState<ItemWhereabouts | null>(null);
  const close = (open: boolean) => !open && setAction(null);
  const store = maps.data?.filter((t) => t.unitType === "liquid_nitrogen" || t.canisters.length > 0);
  return (
    <div className="space-y-4">
      <WhereIs onPlace={setPlacing} />
      {maps.isLoading ? (
        <LoadingCards count={3} />
      ) : maps.isError ? (
        <LoadError label="the tank map" onRetry={() => void maps.refetch()} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {store?.map((tank) => (
            <TankMapCard key={tank.id} tank={tank} onAction={setAction} />
          ))}
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Transfers</CardTitle>
        </CardHeader>
        <CardContent>
          {transfers.data && page.rowsOf(transfers.data).length > 0 ? (
            <>
              <DataTable rows={page.rowsOf(transfers.data)} columns={transferColumns} caption="Transfers" />
              <Pager page={page} rows={transfers.data} label="Transfers" />
            </>
          ) : (
            <p className="text-sm text-gray-500">
              {transfers.isLoading ? "Loading…" : "No straws moved yet."}
            </p>
          )}
        </CardContent>
      </Card>
      {action?.kind === "canister" && <CanisterDialog tank={action.tank} open onOpenChange={close} />}
      {action?.kind === "labels" && <LabelsDialog tank={action.tank} onClose={() => setAction(null)} />}
      {action?.kind === "move" && <TransferDialog from={action.from} open onOpenChange={close} />}
      {action?.kind === "count" && (
        <CanisterCountDialog tank={action.tank} canister={action.canister} open onOpenChange={close} />
      )}
      {placing && <PlaceDialog item={placing} open onOpenChange={(open) => !open && setPlacing(null)} />}
    </div>
  );
}
