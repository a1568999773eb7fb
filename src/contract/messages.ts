import { z } from "zod";
import { languages } from "./languages";
import { paginationQuery, sortQuery } from "./pagination";
import { text } from "./primitives";

/** How a message reaches its reader. */
export const messageChannels = ["sms", "email"] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * A message's life in the outbox: pending until a dispatcher sends it (retrying with backoff), sent once the
 * provider took it, delivered when the provider's report says it arrived, failed when it gave up.
 */
/** What the outbox stores. */
export const outboxStatuses = ["pending", "sent", "delivered", "failed"] as const;
/**
 * What staff see: "sent" only when a provider accepted the message; one the database kept because no
 * provider is configured is "kept", never "sent".
 */
export const messageStatuses = ["pending", "kept", "sent", "delivered", "failed"] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export const messageStatusLabels: Record<MessageStatus, string> = {
  pending: "Pending",
  kept: "Kept (no provider)",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
};

/** What each message is about: one template per kind, in English and Kiswahili. */
export const messageKinds = [
  "order_received",
  "payment_prompt",
  "payment_bank_details",
  "payment_received",
  "payment_failed",
  "payment_expired",
  "hold_ending",
  "order_approved",
  "order_rejected",
  "order_shipped",
  "order_delayed",
  "order_delivered",
  "approval_needed",
  "storage_alarm",
  "low_stock_digest",
  "backup_alarm",
  "refund_sent",
  "order_cancelled",
  "staff_invite",
  "password_reset",
  "role_changed",
  "reset_code",
  "phone_code",
  "deletion_code",
  "passkey_added",
  "cow_repeat_heat",
  "cow_pd_due",
  "cow_dry_off",
  "cow_calving_due",
  "cow_pd_recorded",
  "batch_fertility_low",
  "service_assigned",
  "service_job",
  "service_unassigned",
  "flask_overdue",
] as const;
export type MessageKind = (typeof messageKinds)[number];
export const messageKindLabels: Record<MessageKind, string> = {
  order_received: "Order received",
  payment_prompt: "M-Pesa prompt sent",
  payment_bank_details: "Bank details",
  payment_received: "Payment received",
  payment_failed: "Payment failed",
  payment_expired: "Payment expired",
  hold_ending: "Hold ends soon",
  order_approved: "Order approved",
  order_rejected: "Order rejected",
  order_shipped: "Order shipped",
  order_delayed: "Delivery delayed",
  order_delivered: "Order delivered",
  approval_needed: "Awaiting approval",
  storage_alarm: "Storage alarm",
  low_stock_digest: "Low stock digest",
  backup_alarm: "Backup alarm",
  refund_sent: "Refund sent",
  order_cancelled: "Order cancelled",
  staff_invite: "Staff invite",
  password_reset: "Password reset",
  role_changed: "Role changed",
  reset_code: "Password reset code",
  phone_code: "Mobile verification code",
  deletion_code: "Account deletion code",
  passkey_added: "Passkey added",
  cow_repeat_heat: "Cow calendar: watch for repeat heat",
  cow_pd_due: "Cow calendar: pregnancy check due",
  cow_dry_off: "Cow calendar: dry off",
  cow_calving_due: "Cow calendar: calving due",
  cow_pd_recorded: "Pregnancy check recorded by SMS",
  batch_fertility_low: "Batch conception low",
  service_assigned: "Inseminator on the way",
  service_job: "New job for a technician",
  service_unassigned: "Service request waiting",
  flask_overdue: "Flask overdue",
};

export * from "./notify-channels";

export const messageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(messageKinds),
  channel: z.enum(messageChannels),
  recipient: z.string(),
  language: z.enum(languages),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(messageStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  orderId: z.number().int().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageSorts = ["createdAt", "status"] as const;
export const messageListQuery = paginationQuery.extend({
  ...sortQuery(messageSorts, "createdAt"),
  /** Recipient or subject. */
  search: text().max(200).optional(),
  status: z.enum(messageStatuses).optional(),
  channel: z.enum(messageChannels).optional(),
  orderId: z.coerce.number().int().positive().optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuery>;

/**
 * The messages page's counts per status and where each channel's messages go. A count stops past the lists'
 * cap and says so ("10000+"), as a list's total does: the outbox grows by several messages per order.
 */
export const messageCountsSchema = z.record(
  z.enum(messageStatuses),
  z.union([z.number().int(), z.string().regex(/^\d+\+$/)]),
);
export type MessageCounts = z.infer<typeof messageCountsSchema>;
export const messageSummarySchema = z.object({
  counts: messageCountsSchema,
  channels: z.record(z.enum(messageChannels), z.string()),
});
export type MessageSummary = z.infer<typeof messageSummarySchema>;

/** An Africa's Talking delivery report, as its callback posts it (form fields). */
export const deliveryReportSchema = z.object({
  id: z.string().min(1, "id is required").max(200),
  status: z.string().min(1, "status is required").max(50),
  phoneNumber: z.string().max(30).optional(),
  failureReason: z.string().max(200).optional(),
  networkCode: z.string().max(20).optional(),
  retryCount: z.string().max(10).optional(),
});
