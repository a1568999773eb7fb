import type { Backup, BackupSchedule } from "../../../contract/backups";
import type { Pagination } from "../../../contract/pagination";
import type {
  CompanySettings,
  CompanySettingsInput,
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
  company: () => getQuery<CompanySettings>("/api/settings/company"),
};

export const useSaveCompany = () =>
  useApiMutation(
    (input: CompanySettingsInput) => apiJson<CompanySettings>("PUT", "/api/settings/company", input),
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

export const useSaveLogo = () =>
  useApiMutation((logo: string) => apiJson<CompanySettings>("PUT", "/api/settings/company/logo", { logo }), {
    invalidates: ["/api/settings"],
  });

export const useRemoveLogo = () =>
  useApiMutation(() => apiJson<CompanySettings>("DELETE", "/api/settings/company/logo"), {
    invalidates: ["/api/settings"],
  });
