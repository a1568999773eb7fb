import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { StorageAlert, Tank } from "../../../contract/tanks";
import { AddButton } from "../../components/add-button";
import { LoadError } from "../../components/load-error";
import { PageHeader } from "../../components/page-header";
import { Pager } from "../../components/pager";
import { TabBar } from "../../components/tab-bar";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadingCards } from "../../components/ui/loading-cards";
import { useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { AcknowledgeDialog } from "./acknowledge-dialog";
import { AddTankDialog } from "./add-tank-dialog";
import { AlertHistory, OpenAlerts } from "./alert-list";
import { storageQueries } from "./api";
import { LevelDialog } from "./level-dialog";
import { ReadingsDialog } from "./readings-dialog";
import { RefillDialog } from "./refill-dialog";
import { StoreMap } from "./store-map";
import { type TankAction, TankCard } from "./tank-card";
import { TemperatureDialog } from "./temperature-dialog";

const views = [
  ["tanks", "Tanks & LN2"],
  ["map", "Tank map"],
] as const;

type Open = { tank: Tank; action: TankAction } | { alert: StorageAlert } | null;

/** The cryo store: every tank's LN2 level, temperature and forecast, and the alerts they raise. */
export default function StoragePage() {
  const tanks = useQuery(storageQueries.tanks());
  const open = useQuery(storageQueries.alerts({ view: "open", limit: 100, offset: 0 }));
  const historyPage = usePage(null, 20, "alertsPage");
  const history = useQuery(storageQueries.alerts({ view: "history", ...historyPage.params }));
  const [dialog, setDialog] = useState<Open>(null);
  const [adding, setAdding] = useState(false);
  // The tab is in the address: a scanned tank or cane label opens the map (`?view=map&find=T1-C3-2`).
  const list = useListParams({ view: "tanks", find: "" });
  const view = list.values.view === "map" ? "map" : "tanks";
  const setView = (v: string) => list.set({ view: v, find: null });
  const close = (isOpen: boolean) => !isOpen && setDialog(null);
  const tankDialog = dialog && "tank" in dialog ? dialog : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Cryo Storage"
        subtitle="LN2 tanks, levels, temperatures, alerts and where every straw is"
        actions={<AddButton label="Add Unit" onClick={() => setAdding(true)} />}
      />
      <OpenAlerts alerts={open.data ?? []} onAcknowledge={(alert) => setDialog({ alert })} />
      <TabBar tabs={views} value={view} onChange={setView} />
      {view === "map" ? (
        <StoreMap />
      ) : tanks.isLoading ? (
        <LoadingCards count={3} />
      ) : tanks.isError ? (
        <LoadError label="storage units" onRetry={() => void tanks.refetch()} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {tanks.data?.map((tank) => (
            <TankCard key={tank.id} tank={tank} onAction={(action) => setDialog({ tank, action })} />
          ))}
        </div>
      )}
      {view === "tanks" && (
        <Card>
          <CardHeader>
            <CardTitle>Alert history</CardTitle>
          </CardHeader>
          <CardContent>
            {history.data && historyPage.rowsOf(history.data).length > 0 ? (
              <>
                <AlertHistory alerts={historyPage.rowsOf(history.data)} />
                <Pager page={historyPage} rows={history.data} label="Alert history" />
              </>
            ) : (
              <p className="text-sm text-gray-500">{history.isLoading ? "Loading…" : "No past alerts."}</p>
            )}
          </CardContent>
        </Card>
      )}
      {tankDialog?.action === "level" && <LevelDialog tank={tankDialog.tank} open onOpenChange={close} />}
      {tankDialog?.action === "temperature" && (
        <TemperatureDialog tank={tankDialog.tank} open onOpenChange={close} />
      )}
      {tankDialog?.action === "refill" && <RefillDialog tank={tankDialog.tank} open onOpenChange={close} />}
      {tankDialog?.action === "readings" && (
        <ReadingsDialog tank={tankDialog.tank} onClose={() => setDialog(null)} />
      )}
      <AddTankDialog open={adding} onOpenChange={setAdding} />
      {dialog && "alert" in dialog && <AcknowledgeDialog alert={dialog.alert} open onOpenChange={close} />}
    </div>
  );
}
