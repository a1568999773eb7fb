import { z } from "zod";
import { ledgerFiguresSchema } from "./orders";

export const reportPeriods = ["7d", "30d", "90d", "1y"] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
export const reportPeriodLabels: Record<ReportPeriod, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "1y": "Last year",
};
export const reportPeriodDays: Record<ReportPeriod, number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };
export const reportTypes = ["overview", "sales", "inventory", "customers"] as const;
export type ReportType = (typeof reportTypes)[number];

export const reportQuery = z.object({ period: z.enum(reportPeriods).default("30d") });
export const reportFormats = ["pdf", "csv"] as const;
export type ReportFormat = (typeof reportFormats)[number];
export const reportExportQuery = reportQuery.extend({
  type: z.enum(reportTypes).default("overview"),
  format: z.enum(reportFormats).default("pdf"),
});

/** Money in a report is null for roles without `finance`: they see counts, never revenue. */
const money = z.number().nullable();
const bucket = z.object({ label: z.string(), revenue: money, orders: z.number().int() });

export const reportSchema = z.object({
  period: z.enum(reportPeriods),
  from: z.string(),
  to: z.string(),
  salesReport: z.object({
    /** Booked order value of orders placed in the period. */
    totalRevenue: money,
    /** The ledger's figures for orders placed in the period. */
    ledger: ledgerFiguresSchema.nullable(),
    totalOrders: z.number().int(),
    averageOrderValue: money,
    /** Revenue and orders per day (7 and 30 days) or per month (90 days, a year). */
    series: z.array(bucket),
    topProducts: z.array(
      /** `share` is of revenue, or of units where revenue is not shown. */
      z.object({ name: z.string(), units: z.number().int(), revenue: money, share: z.number() }),
    ),
  }),
  customerReport: z.object({
    activeCustomers: z.number().int(),
    newCustomers: z.number().int(),
    distribution: z.array(z.object({ type: z.string(), count: z.number().int() })),
    growth: z.array(z.object({ label: z.string(), customers: z.number().int() })),
    topCustomers: z.array(
      z.object({
        name: z.string(),
        type: z.string(),
        orders: z.number().int(),
        revenue: money,
        lastOrder: z.string(),
      }),
    ),
  }),
  inventoryReport: z
    .object({
      totalItems: z.number().int(),
      lowStockItems: z.number().int(),
      stockByCategory: z.array(
        z.object({
          category: z.string(),
          inStock: z.number().int(),
          lowStock: z.number().int(),
          expired: z.number().int(),
          /** Failed a quality check: a category of its own, not "expired". */
          compromised: z.number().int(),
        }),
      ),
      lowStock: z.array(z.object({ itemId: z.string(), breedName: z.string(), available: z.number().int() })),
      expiringSoon: z.array(z.object({ itemId: z.string(), breedName: z.string(), expiryDate: z.string() })),
      temperature: z.array(
        z.object({ storageUnit: z.string(), temperature: z.number(), alertStatus: z.string() }),
      ),
    })
    /** Null for those with the sales reports only (`reports:sales`). */
    .nullable(),
});
export type Report = z.infer<typeof reportSchema>;
