import { Download } from "lucide-react";
import type { Backup, BackupStatus } from "../../../contract/backups";
import { DataTable } from "../../components/data-table";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { formatDateTime } from "../../lib/format";

const statusTones: Record<BackupStatus, BadgeTone> = { running: "blue", ok: "green", failed: "red" };
const statusLabels: Record<BackupStatus, string> = { running: "Running", ok: "Good", failed: "Failed" };
const triggerLabels: Record<Backup["trigger"], string> = {
  schedule: "Scheduled",
  manual: "By a Director",
  command: "npm run backup",
};
const offsiteLabels: Record<Backup["offsite"], string> = { copied: "Copied", failed: "Failed", off: "–" };

/** Megabytes with one decimal, the way a person sizes a backup. */
export const formatSize = (bytes: number | null) =>
  bytes === null ? "–" : `${(bytes / 1024 / 1024).toLocaleString("en-KE", { maximumFractionDigits: 1 })} MB`;

/** Every backup, newest first, with its file to download while this instance keeps it. */
export function BackupTable({ backups }: { backups: Backup[] }) {
  return (
    <DataTable
      rows={backups}
      rowTestId="backup-row"
      caption="Backups"
      columns={[
        { header: "Started", cell: (b) => formatDateTime(b.startedAt), className: "whitespace-nowrap" },
        {
          header: "Status",
          cell: (b) => (
            <div className="max-w-xs">
              <Badge tone={statusTones[b.status]}>{statusLabels[b.status]}</Badge>
              {b.error && <p className="mt-1 text-xs text-red-700 dark:text-red-400">{b.error}</p>}
            </div>
          ),
        },
        { header: "Size", cell: (b) => formatSize(b.bytes), className: "whitespace-nowrap tabular-nums" },
        { header: "Made", cell: (b) => triggerLabels[b.trigger] },
        { header: "Encrypted", cell: (b) => (b.status === "ok" ? (b.encrypted ? "Yes" : "No") : "–") },
        { header: "Off-site", cell: (b) => offsiteLabels[b.offsite] },
        {
          header: "File",
          cell: (b) =>
            b.downloadable ? (
              <a
                href={`/api/backups/${b.id}/download`}
                download={b.fileName ?? undefined}
                className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline dark:text-brand-500"
              >
                <Download className="size-4" aria-hidden />
                Download
              </a>
            ) : (
              <span className="text-gray-500">{b.status === "ok" ? "Not on this server" : "–"}</span>
            ),
        },
      ]}
    />
  );
}
