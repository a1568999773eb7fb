import type { Backup, BackupSchedule } from "../../../contract/backups";
import type { Pagination } from "../../../contract/pagination";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const backupQueries = {
  list: (page: Partial<Pagination>) => getQuery<Backup[]>("/api/backups", page),
  schedule: () => getQuery<BackupSchedule>("/api/backups/schedule"),
};

export const useBackUpNow = () =>
  useApiMutation(() => apiJson<Backup>("POST", "/api/backups", {}), { invalidates: ["/api/backups"] });
