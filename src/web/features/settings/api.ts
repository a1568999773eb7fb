import type { Backup, BackupSchedule } from "../../../contract/backups";
import type { Pagination } from "../../../contract/pagination";
import type {
  BusinessDetails,
  BusinessDetailsInput,
  DiscountSettings,
  DiscountSettingsRead,
} from "../../../contract/settings";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const backupQueries = {
  list: (page: Partial<Pagination>) => getQuery<Backup[]>("/api/backups", page),
  schedule: () => getQuery<BackupSchedule>("/api/backups/schedule"),
};

export const settingsQueries = {
  discounts: () => getQuery<DiscountSettingsRead>("/api/settings/discounts"),
  business: () => getQuery<BusinessDetails>("/api/settings/business"),
};

export const useSaveBusiness = () =>
  useApiMutation(
    (input: BusinessDetailsInput) => apiJson<BusinessDetails>("PUT", "/api/settings/business", input),
    {
      invalidates: ["/api/settings"],
    },
  );

export const useSaveDiscounts = () =>
  useApiMutation(
    (input: DiscountSettings) => apiJson<DiscountSettingsRead>("PUT", "/api/settings/discounts", input),
    {
      invalidates: ["/api/settings"],
    },
  );

export const useBackUpNow = () =>
  useApiMutation(() => apiJson<Backup>("POST", "/api/backups", {}), { invalidates: ["/api/backups"] });
