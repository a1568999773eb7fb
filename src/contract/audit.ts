import { z } from "zod";
import { paginationQuery, sortQuery } from "./pagination";
import { idParamSchema, isoDate, text } from "./primitives";

/** What happened: a row made, changed or removed, a status or a role changed, a sign-in or sign-out. */
export const auditActions = ["create", "update", "delete", "status", "role", "sign_in", "sign_out"] as const;
export type AuditAction = (typeof auditActions)[number];
export const auditActionLabels: Record<AuditAction, string> = {
  create: "Created",
  update: "Changed",
  delete: "Deleted",
  status: "Status changed",
  role: "Role changed",
  sign_in: "Signed in",
  sign_out: "Signed out",
};

/** The records the audit trail follows (the tables with its trigger), by the name staff know them by. */
export const auditEntityLabels = {
  customers: "Customer",
  users: "Account",
  passkeys: "Passkey",
  inventory_items: "Inventory item",
  item_genetics: "Item genetics",
  stock_batches: "Stock batch",
  stock_movements: "Stock movement",
  stock_counts: "Stock count",
  stock_transfers: "Stock transfer",
  orders: "Order",
  payments: "Payment",
  refunds: "Refund",
  transactions: "Transaction",
  shipments: "Shipment",
  breeding_records: "Breeding record",
  vendors: "Vendor",
  business_settings: "Settings",
  storage_units: "Storage unit",
  storage_alerts: "Storage alert",
  ln2_refills: "LN2 refill",
  tax_documents: "Invoice or credit note",
} as const;
export type AuditEntity = keyof typeof auditEntityLabels;
export const auditEntities = Object.keys(auditEntityLabels) as [AuditEntity, ...AuditEntity[]];

/** GET /api/audit (and /api/audit.csv): newest first, filtered by person, record, action and Nairobi dates. */
export const auditQuery = paginationQuery.extend({
  ...sortQuery(["at"], "at", "desc"),
  actorId: idParamSchema.optional(),
  entity: z.enum(auditEntities).optional(),
  entityId: text().max(40).optional(),
  action: z.enum(auditActions).optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  /** The person's name now (null once their account is gone). */
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  entity: z.string(),
  entityId: z.string(),
  action: z.enum(auditActions),
  /** Each changed field as [old, new]; a secret shows only "[hidden]". */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** GET /api/audit/summary: changes today and over the last 7 days (Nairobi days), sign-ins and people today. */
export const auditSummarySchema = z.object({
  today: z.number().int(),
  lastSevenDays: z.number().int(),
  signInsToday: z.number().int(),
  peopleToday: z.number().int(),
});
export type AuditSummary = z.infer<typeof auditSummarySchema>;
