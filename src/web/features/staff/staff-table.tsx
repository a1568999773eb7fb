import { Fingerprint, KeyRound, UserCheck, UserX } from "lucide-react";
import { roleLabels, staffRoles } from "../../../contract/roles";
import { type StaffMember, type StaffStatus, staffStatusLabels } from "../../../contract/staff";
import { AuditHistoryButton } from "../../components/audit-trail";
import { ChoiceSelect } from "../../components/choice-select";
import { DataTable } from "../../components/data-table";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { formatDateTime } from "../../lib/format";

const statusTones: Record<StaffStatus, BadgeTone> = { active: "green", invited: "blue", inactive: "gray" };

export type StaffAction = "deactivate" | "reactivate" | "link" | "passkeys";

/**
 * Staff with their role (changed in place), status, last sign-in, passkeys, and what a Director can do to
 * each. Their own passkeys a Director removes on their account page.
 */
export function StaffTable({
  members,
  meId,
  onRole,
  onAction,
}: {
  members: StaffMember[];
  /** The Director looking: they cannot change their own role or deactivate themselves. */
  meId: number;
  onRole: (member: StaffMember, role: StaffMember["role"]) => void;
  onAction: (member: StaffMember, action: StaffAction) => void;
}) {
  const name = (m: StaffMember) => `${m.firstName} ${m.lastName}`;
  return (
    <DataTable
      rows={members}
      rowTestId="staff-row"
      caption="Staff"
      columns={[
        {
          header: "Name",
          cell: (m) => (
            <div className="min-w-0">
              <p className="font-medium">
                {name(m)}
                {m.id === meId && <span className="ml-1 text-xs text-gray-500">(you)</span>}
              </p>
              <p className="break-all text-xs text-gray-600 dark:text-gray-400">{m.email}</p>
            </div>
          ),
        },
        {
          header: "Role",
          cell: (m) =>
            m.id === meId ? (
              roleLabels[m.role]
            ) : (
              <ChoiceSelect
                label={`Role of ${name(m)}`}
                className="sm:w-60"
                options={staffRoles.map((r) => [r, roleLabels[r]] as const)}
                value={m.role}
                onChange={(role) => onRole(m, role)}
              />
            ),
        },
        {
          header: "Status",
          cell: (m) => <Badge tone={statusTones[m.status]}>{staffStatusLabels[m.status]}</Badge>,
        },
        {
          header: "Last sign-in",
          cell: (m) => (m.lastSignInAt ? formatDateTime(m.lastSignInAt) : "Never"),
          className: "whitespace-nowrap",
        },
        {
          header: "Passkeys",
          cell: (m) => (
            <div className="flex flex-wrap items-center gap-2">
              <span>{m.passkeys}</span>
              {m.passkeys > 0 && m.id !== meId && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Revoke the passkeys of ${name(m)}`}
                  onClick={() => onAction(m, "passkeys")}
                >
                  <Fingerprint /> Revoke
                </Button>
              )}
            </div>
          ),
        },
        {
          header: "Actions",
          cell: (m) => (
            <div className="flex flex-wrap gap-2">
              <AuditHistoryButton entity="users" entityId={m.id} name={name(m)} />
              {m.status !== "inactive" && !m.isDemo && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`${m.status === "invited" ? "Resend invite to" : "Reset password of"} ${name(m)}`}
                  onClick={() => onAction(m, "link")}
                >
                  <KeyRound /> {m.status === "invited" ? "Resend invite" : "Reset password"}
                </Button>
              )}
              {m.id !== meId &&
                (m.status === "inactive" ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Reactivate ${name(m)}`}
                    onClick={() => onAction(m, "reactivate")}
                  >
                    <UserCheck /> Reactivate
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Deactivate ${name(m)}`}
                    onClick={() => onAction(m, "deactivate")}
                  >
                    <UserX /> Deactivate
                  </Button>
                ))}
            </div>
          ),
        },
      ]}
    />
  );
}
