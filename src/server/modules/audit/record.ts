import type { Db } from "../../db/adapter";
import { auditEvents } from "../../db/schema";

/** Where a request came from, as the audit trail keeps it. */
export interface AuditSource {
  ip: string;
  userAgent?: string;
  requestId?: string;
}

/** The actor a staff request writes as, in the form the audit triggers read (see db/adapter/timing.ts). */
export const auditActorOf = (actor: { id: number; role: string }, source: AuditSource): string =>
  JSON.stringify({
    actorId: actor.id,
    role: actor.role,
    ip: source.ip,
    userAgent: source.userAgent?.slice(0, 300) ?? null,
    requestId: source.requestId ?? null,
  });

/**
 * An event no table row records by itself (a sign-in, a sign-out), written by the app in the caller's
 * transaction. Row changes are written by the triggers.
 */
export async function recordAuditEvent(
  db: Db,
  event: { actor: { id: number; role: string }; source: AuditSource; action: "sign_in" | "sign_out" },
): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: event.actor.id,
    actorRole: event.actor.role,
    ip: event.source.ip,
    userAgent: event.source.userAgent?.slice(0, 300) ?? null,
    requestId: event.source.requestId ?? null,
    entity: "users",
    entityId: String(event.actor.id),
    action: event.action,
  });
}
