import { useQuery } from "@tanstack/react-query";
import { MailPlus, ShieldCheck, UserCheck, UserPlus, Users, UserX } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { roleLabels, staffRoles } from "../../../contract/roles";
import {
  type StaffListQuery,
  type StaffMember,
  type StaffStatus,
  type StaffSummary,
  staffStatuses,
  staffStatusLabels,
} from "../../../contract/staff";
import { ChoiceSelect } from "../../components/choice-select";
import { FilterBar, ListScreen, ListState, type Stat } from "../../components/list-screen";
import { ListSearch } from "../../components/list-search";
import { SortSelect } from "../../components/sort-select";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { toastOutcome } from "../../components/ui/use-toast";
import { sortOf, useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { staffQueries, useRevokePasskeys, useSendPasswordLink, useUpdateStaff } from "./api";
import { InviteDialog } from "./invite-dialog";
import { type StaffAction, StaffTable } from "./staff-table";

const confirmWords: Record<StaffAction, (m: StaffMember) => { title: string; text: string; label: string }> =
  {
    deactivate: (m) => ({
      title: `Deactivate ${m.firstName}?`,
      text: "They are signed out at once and cannot sign in until a Director reactivates them. Their records stay.",
      label: "Deactivate",
    }),
    reactivate: (m) => ({
      title: `Reactivate ${m.firstName}?`,
      text: "They can sign in again with their password.",
      label: "Reactivate",
    }),
    passkeys: (m) => ({
      title: `Revoke ${m.firstName}'s passkeys?`,
      text: `All ${m.passkeys} stop signing ${m.firstName} in at once (a lost or shared phone). Their password still works.`,
      label: "Revoke",
    }),
    link: (m) =>
      m.status === "invited"
        ? {
            title: "Send a new invite?",
            text: `${m.email} gets a fresh link; the old one stops working.`,
            label: "Send",
          }
        : {
            title: "Send a password reset link?",
            text: `${m.email} gets a one-time link to choose a new password. You never see it.`,
            label: "Send",
          },
  };

const statsOf = (s: StaffSummary): Stat[] => [
  { label: "Active", value: s.active, icon: UserCheck },
  { label: "Invited", value: s.invited, icon: MailPlus },
  { label: "Inactive", value: s.inactive, icon: UserX },
  { label: "Directors", value: s.directors, icon: ShieldCheck, hint: "At least one stays active" },
];

/** Directors manage staff accounts: invite, change roles, deactivate, and send password links. */
export default function StaffPage({ meId }: { meId: number }) {
  const list = useListParams({ role: "all", status: "all", search: "", sort: "name", order: "asc" });
  const role = list.values.role as StaffMember["role"] | "all";
  const status = list.values.status as StaffStatus | "all";
  const search = useDeferredValue(list.values.search).trim();
  const filters = {
    ...(role === "all" ? {} : { role }),
    ...(status === "all" ? {} : { status }),
    ...(search ? { search } : {}),
    ...sortOf<StaffListQuery>(list.values),
  };
  const page = usePage(filters);
  const staff = useQuery(staffQueries.list({ ...filters, ...page.params }));
  const summary = useQuery(staffQueries.summary());
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<{ member: StaffMember; action: StaffAction }>();
  const update = useUpdateStaff();
  const sendLink = useSendPasswordLink();
  const revoke = useRevokePasskeys();
  const close = () => setPending(undefined);
  const confirm = () => {
    if (!pending) return;
    const { member, action } = pending;
    if (action === "passkeys") {
      revoke.mutate(
        member.id,
        toastOutcome(`${member.firstName}'s passkeys are revoked`, "Not revoked", { after: close }),
      );
    } else if (action === "link") {
      sendLink.mutate(
        member.id,
        toastOutcome(`Link sent to ${member.email}`, "The link was not sent", { after: close }),
      );
    } else {
      const isActive = action === "reactivate";
      update.mutate(
        { id: member.id, isActive },
        toastOutcome(`${member.firstName} is ${isActive ? "active again" : "deactivated"}`, "Not changed", {
          after: close,
        }),
      );
    }
  };
  const words = pending && confirmWords[pending.action](pending.member);
  return (
    <ListScreen
      title="Staff"
      subtitle="Who works in Urithi, in which role. Invite someone and they choose their own password."
      actions={
        <Button onClick={() => setInviting(true)}>
          <UserPlus className="size-4" aria-hidden /> Invite staff
        </Button>
      }
      stats={summary.data && statsOf(summary.data)}
      listTitle="Staff"
      filters={
        <FilterBar>
          <ListSearch list={list} label="Search staff" placeholder="Search by name or email..." />
          <ChoiceSelect
            label="Filter by role"
            all="All roles"
            className="sm:w-52"
            options={staffRoles.map((r) => [r, roleLabels[r]] as const)}
            value={role}
            onChange={(v) => list.set({ role: v })}
          />
          <ChoiceSelect
            label="Filter by status"
            all="All statuses"
            className="sm:w-44"
            options={staffStatuses.map((s) => [s, staffStatusLabels[s]] as const)}
            value={status}
            onChange={(v) => list.set({ status: v })}
          />
          <SortSelect
            options={[
              ["name:asc", "By name"],
              ["role:asc", "By role"],
              ["lastSignInAt:desc", "Signed in lately"],
              ["createdAt:desc", "Newest first"],
            ]}
            value={list.values}
            onChange={list.set}
          />
        </FilterBar>
      }
      dialogs={
        <>
          <InviteDialog open={inviting} onOpenChange={setInviting} />
          <ConfirmDialog
            open={pending !== undefined}
            onOpenChange={(open) => !open && close()}
            title={words?.title ?? ""}
            description={words?.text ?? ""}
            confirmLabel={words?.label ?? ""}
            pending={update.isPending || sendLink.isPending || revoke.isPending}
            onConfirm={confirm}
          />
        </>
      }
    >
      <ListState
        query={staff}
        page={page}
        label="staff"
        empty={{ icon: Users, title: "No staff found", hint: "Try adjusting your search or filters" }}
      >
        {(rows) => (
          <StaffTable
            members={rows}
            meId={meId}
            onRole={(member, next) =>
              update.mutate(
                { id: member.id, role: next },
                toastOutcome(`${member.firstName} is now ${roleLabels[next]}`, "The role was not changed"),
              )
            }
            onAction={(member, action) => setPending({ member, action })}
          />
        )}
      </ListState>
    </ListScreen>
  );
}
