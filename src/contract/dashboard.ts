import { z } from "zod";
import { heldMoneySchema, ledgerFiguresSchema } from "./orders";

export const dashboardMetricsSchema = z.object({
  totalInventory: z.number().int(),
  inventoryGrowth: z.number(),
  /**
   * Revenue (booked order value) of orders placed this month to date; growth compares the same days of last
   * month. The money figures are null for roles without finance.
   */
  monthlyRevenue: z.number().nullable(),
  monthlyRevenueUsd: z.number().int().nullable(),
  revenueGrowth: z.number().nullable(),
  successRate: z.number().int(),
  successRateGrowth: z.number(),
  activeCustomers: z.number().int(),
  customerGrowth: z.number(),
  ledger: ledgerFiguresSchema.nullable(),
  /** Deposits and refunds due, shown until settled; null for roles without finance. */
  held: heldMoneySchema.nullable(),
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>;

export const inventoryStatusSchema = z.object({
  embryos: z.number().int(),
  sperm: z.number().int(),
  lowStock: z.number().int(),
});
export type InventoryStatus = z.infer<typeof inventoryStatusSchema>;

export const breedingMetricsSchema = z.object({
  aiSuccessRate: z.number().int(),
  aiGrowth: z.number(),
  etSuccessRate: z.number().int(),
  etGrowth: z.number(),
  pregnancyRate: z.number().int(),
  pregnancyGrowth: z.number(),
});
export type BreedingMetrics = z.infer<typeof breedingMetricsSchema>;

export const salesTrendRanges = ["6m", "12m", "ytd"] as const;
export const salesTrendRangeLabels: Record<(typeof salesTrendRanges)[number], string> = {
  "6m": "Last 6 months",
  "12m": "Last 12 months",
  ytd: "This year",
};
export const salesTrendQuery = z.object({ range: z.enum(salesTrendRanges).default("6m") });
export const salesTrendPointSchema = z.object({ month: z.string(), revenue: z.number() });
export type SalesTrendPoint = z.infer<typeof salesTrendPointSchema>;

/** Percent change from `previous` to `current`, one decimal; 0 when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Rounded percentage of `part` in `whole`; 0 when `whole` is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}
