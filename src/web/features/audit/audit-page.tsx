import { useQuery } from "@tanstack/react-query";
import { Download, History, LogIn, PencilLine, Users } from "lucide-react";
import {
  type AuditAction,
  type AuditEntity,
  type AuditQuery,
  type AuditSummary,
  auditActionLabels,
  auditActions,
  auditEntities,
  auditEntityLabels,
} from "../../../contract/audit";
import { AuditTable, auditQuery } from "../../components/audit-trail";
import { ChoiceSelect } from "../../components/choice-select";
import { LinkButton } from "../../components/link-button";
import { FilterBar, ListScreen, ListState, type Stat } from "../../components/list-screen";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { auditCsvUrl, auditSummaryQuery, staffForFilter } from "./api";

const statsOf = (s: AuditSummary): Stat[] => [
  { label: "Changes today", value: s.today, icon: PencilLine },
  { label: "Changes in 7 days", value: s.lastSevenDays, icon: History },
  { label: "Sign-ins today", value: s.signInsToday, icon: LogIn },
  { label: "People today", value: s.peopleToday, icon: Users },
];

/** A date filter: a labelled day picker that sets its list parameter. */
function DayFilter(props: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  return (
    <div className="flex flex-col gap-1 sm:w-44">
      <Label htmlFor={props.id} className="text-xs text-gray-600 dark:text-gray-400">
        {props.label}
      </Label>
      <Input id={props.id} type="date" value={props.value} onChange={(e) => props.onChange(e.target.value)} />
    </div>
  );
}

/** Directors read who changed what, when and from where: filtered on the server, paged, and as CSV. */
export default function AuditPage() {
  const list = useListParams({ actor: "all", entity: "all", action: "all", from: "", to: "" });
  const { actor, entity, action, from, to } = list.values;
  const filters: Partial<AuditQuery> = {
    ...(actor === "all" ? {} : { actorId: Number(actor) }),
    ...(entity === "all" ? {} : { entity: entity as AuditEntity }),
    ...(action === "all" ? {} : { action: action as AuditAction }),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const page = usePage(filters);
  const events = useQuery(auditQuery({ ...filters, ...page.params }));
  const staff = useQuery(staffForFilter());
  const summary = useQuery(auditSummaryQuery());
  const filtered = Object.keys(filters).length > 0;
  return (
    <ListScreen
      title="Audit trail"
      subtitle="Every change staff made: who, when, from where, and what it was before and after. Nothing here can be edited or deleted."
      actions={
        <LinkButton href={auditCsvUrl(filters)} download variant="outline">
          <Download className="size-4" aria-hidden /> Export CSV
        </LinkButton>
      }
      stats={summary.data && statsOf(summary.data)}
      listTitle="Changes"
      filters={
        <FilterBar>
          <ChoiceSelect
            label="Filter by person"
            all="Everyone"
            className="sm:w-52"
            options={(staff.data ?? []).map((m) => [String(m.id), `${m.firstName} ${m.lastName}`] as const)}
            value={actor}
            onChange={(v) => list.set({ actor: v })}
          />
          <ChoiceSelect
            label="Filter by record"
            all="All records"
            className="sm:w-52"
            options={auditEntities.map((e) => [e, auditEntityLabels[e]] as const)}
            value={entity}
            onChange={(v) => list.set({ entity: v })}
          />
          <ChoiceSelect
            label="Filter by action"
            all="All actions"
            className="sm:w-44"
            options={auditActions.map((a) => [a, auditActionLabels[a]] as const)}
            value={action}
            onChange={(v) => list.set({ action: v })}
          />
          <DayFilter id="audit-from" label="From date" value={from} onChange={(v) => list.set({ from: v })} />
          <DayFilter id="audit-to" label="To date" value={to} onChange={(v) => list.set({ to: v })} />
        </FilterBar>
      }
    >
      <ListState
        query={events}
        page={page}
        label="audit events"
        empty={
          filtered
            ? { icon: History, title: "No changes match", hint: "Try other filters or dates" }
            : { icon: History, title: "No changes recorded yet" }
        }
      >
        {(rows) => <AuditTable events={rows} />}
      </ListState>
    </ListScreen>
  );
}
