import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useState } from "react";
import {
  type AuditEntity,
  type AuditEvent,
  type AuditQuery,
  auditActionLabels,
  auditEntityLabels,
} from "../../contract/audit";
import { roleLabels } from "../../contract/roles";
import { formatDateTime } from "../lib/format";
import { getQuery } from "../lib/query";
import { useSession } from "../lib/session";
import { DataTable } from "./data-table";
import { ListState } from "./list-screen";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { RecordDialog } from "./ui/form-dialog";

export const auditQuery = (query: Partial<AuditQuery>) => getQuery<AuditEvent[]>("/api/audit", query);

/** A field's value as a person reads it: blank for none, text as it is, anything else as JSON. */
const valueText = (value: unknown) =>
  value === null || value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value);
const fieldName = (field: string) => field.replaceAll("_", " ");

/** What changed: each field, old → new (a secret says only that it changed). */
export function AuditChanges({ changes }: { changes: AuditEvent["changes"] }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <span className="text-gray-500">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {fields.slice(0, 8).map(([field, [before, after]]) => (
        <li key={field} className="break-words">
          <span className="font-medium">{fieldName(field)}</span>: {valueText(before)} → {valueText(after)}
        </li>
      ))}
      {fields.length > 8 && <li className="text-gray-500">and {fields.length - 8} more</li>}
    </ul>
  );
}

const who = (e: AuditEvent) => e.actorName ?? (e.actorId === null ? "—" : `Account ${e.actorId}`);
const roleOf = (e: AuditEvent) =>
  e.actorRole ? (roleLabels[e.actorRole as keyof typeof roleLabels] ?? e.actorRole) : "";
const recordOf = (e: AuditEvent) => `${auditEntityLabels[e.entity as AuditEntity] ?? e.entity} ${e.entityId}`;

/** Audit events as a table: when, who, what happened to which record, and the changes. */
export function AuditTable({ events, showRecord = true }: { events: AuditEvent[]; showRecord?: boolean }) {
  return (
    <DataTable
      rows={events}
      rowTestId="audit-row"
      caption="Audit trail"
      columns={[
        { header: "When", cell: (e) => formatDateTime(e.at), className: "whitespace-nowrap" },
        {
          header: "Who",
          cell: (e) => (
            <div>
              <p className="font-medium">{who(e)}</p>
              <p className="text-xs text-gray-500">{roleOf(e)}</p>
            </div>
          ),
        },
        { header: "Action", cell: (e) => <Badge tone="blue">{auditActionLabels[e.action]}</Badge> },
        ...(showRecord ? [{ header: "Record", cell: recordOf }] : []),
        { header: "Changes", cell: (e) => <AuditChanges changes={e.changes} /> },
        { header: "From", cell: (e) => <span className="text-xs">{e.ip ?? "—"}</span> },
      ]}
    />
  );
}

/**
 * A record's "History" tab: its audit trail, newest first (Directors only; the server answers 403 to
 * others, and the tab is offered to Directors alone).
 */
export function AuditHistory({ entity, entityId }: { entity: AuditEntity; entityId: number | string }) {
  const events = useQuery(auditQuery({ entity, entityId: String(entityId), limit: 50 }));
  return (
    <ListState query={events} label="history" empty={{ icon: History, title: "No changes recorded yet" }}>
      {(rows) => <AuditTable events={rows} showRecord={false} />}
    </ListState>
  );
}

/**
 * "History" on a record (a customer, an order, an item, a staff member): its audit trail in a dialog, offered
 * to Directors, who may read the trail.
 */
export function AuditHistoryButton({
  entity,
  entityId,
  name,
}: {
  entity: AuditEntity;
  entityId: number | string;
  /** What the record is called, for the dialog's title and the button's label. */
  name: string;
}) {
  const [open, setOpen] = useState(false);
  const permissions = useSession().data?.user.permissions ?? [];
  if (!permissions.includes("users")) return null;
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`History of ${name}`} onClick={() => setOpen(true)}>
        <History /> History
      </Button>
      {open && (
        <RecordDialog
          wide
          onClose={() => setOpen(false)}
          title={`History: ${name}`}
          description="Every change recorded for this record, newest first"
        >
          <AuditHistory entity={entity} entityId={entityId} />
        </RecordDialog>
      )}
    </>
  );
}
