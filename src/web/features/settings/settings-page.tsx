import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Archive, Clock, HardDrive, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import type { Backup, BackupSchedule } from "../../../contract/backups";
import { ListScreen, ListState, type Stat } from "../../components/list-screen";
import { Button } from "../../components/ui/button";
import { toastOutcome } from "../../components/ui/use-toast";
import { formatDateTime } from "../../lib/format";
import { usePage } from "../../lib/use-page";
import { backupQueries, useBackUpNow } from "./api";
import { BackupTable, formatSize } from "./backup-table";
import { CompanyCard } from "./company-card";
import { DiscountCard } from "./discount-card";

function statsOf(schedule: BackupSchedule, last: Backup | undefined): Stat[] {
  return [
    {
      label: "Last good backup",
      value: schedule.lastOkAt ? formatDateTime(schedule.lastOkAt) : "None yet",
      icon: Clock,
    },
    { label: "Size", value: formatSize(last?.bytes ?? null), icon: HardDrive },
    {
      label: "Schedule",
      value: schedule.intervalHours > 0 ? `Every ${schedule.intervalHours} h` : "Off",
      icon: Archive,
      hint: `Keeps the newest ${schedule.keep}`,
    },
    {
      label: "Protection",
      value: schedule.encrypted ? "Encrypted" : "Not encrypted",
      icon: ShieldCheck,
      hint: schedule.offsite ? "Copied off-site" : "No off-site copy",
    },
  ];
}

/** The business's settings, for Directors: the discount limit, and backups made on a schedule or on demand. */
export default function SettingsPage() {
  const page = usePage({});
  const list = useQuery({
    ...backupQueries.list(page.params),
    // While one is being made, watch it finish.
    refetchInterval: (q) => (q.state.data?.some((b) => b.status === "running") ? 2000 : 30_000),
  });
  const schedule = useQuery({ ...backupQueries.schedule(), refetchInterval: 30_000 });
  const backUp = useBackUpNow();
  const running = list.data?.some((b) => b.status === "running") ?? false;
  const lastGood = list.data?.find((b) => b.status === "ok");
  // A backup that has just finished changes the schedule's figures too.
  const refetchSchedule = schedule.refetch;
  const lastGoodId = lastGood?.id;
  useEffect(() => {
    if (lastGoodId !== undefined) void refetchSchedule();
  }, [lastGoodId, refetchSchedule]);
  return (
    <ListScreen
      title="Settings"
      subtitle="The company as its documents name it, discounts, and backups of the whole database (keep a copy away from this server)."
      actions={
        <Button
          onClick={() => backUp.mutate(undefined, toastOutcome("Backup started", "Could not start a backup"))}
          disabled={backUp.isPending || running}
        >
          <Archive className="size-4" aria-hidden />
          {running ? "Backing up…" : "Back up now"}
        </Button>
      }
      stats={schedule.data && statsOf(schedule.data, lastGood)}
      filters={
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <CompanyCard />
            <DiscountCard />
          </div>
          {schedule.data?.overdue && (
            <p
              role="alert"
              className="flex items-center gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
            >
              <AlertTriangle className="size-4 shrink-0" aria-hidden />
              Backups are overdue: no good backup for two intervals. Check the failed ones below.
            </p>
          )}
        </>
      }
      listTitle="Backups"
    >
      <ListState
        query={list}
        page={page}
        label="backups"
        empty={{ icon: Archive, title: "No backups yet", hint: "Back up now, or wait for the schedule." }}
      >
        {(rows) => <BackupTable backups={rows} />}
      </ListState>
    </ListScreen>
  );
}
