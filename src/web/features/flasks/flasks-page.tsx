import { useQuery } from "@tanstack/react-query";
import { FlaskConical, Plus } from "lucide-react";
import { useState } from "react";
import { type Flask, flaskKindLabels } from "../../../contract/flasks";
import { DataTable } from "../../components/data-table";
import { ListScreen, ListState, type Stat } from "../../components/list-screen";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { formatFullDay } from "../../lib/format";
import { usePage } from "../../lib/use-page";
import { flaskQueries } from "./api";
import { AddFlaskDialog, IssueDialog, LendDialog, ReturnDialog } from "./flask-dialogs";
import { FlaskHistory } from "./flask-history";
import { flaskStatusLabels } from "./words";

type Open =
  | { kind: "lend" | "return" | "issue"; flask: Flask }
  | { kind: "history"; id: number }
  | { kind: "add" }
  | null;

/** /flasks: the store's LN2 flasks and dry shippers, who has each, and the straws in them. */
export default function FlasksPage() {
  const page = usePage({});
  const flasks = useQuery(flaskQueries.list(page.params));
  const [open, setOpen] = useState<Open>(null);
  const summary = useQuery(flaskQueries.summary()).data;
  const stats: Stat[] | undefined = summary && [
    { label: "Flasks", value: summary.flasks, icon: FlaskConical },
    { label: "Lent out", value: summary.lent, icon: FlaskConical },
    { label: "Overdue", value: summary.overdue, icon: FlaskConical },
    { label: "Straws in flasks", value: summary.straws, icon: FlaskConical },
  ];
  const close = (o: boolean) => !o && setOpen(null);
  return (
    <ListScreen
      title="Flasks"
      subtitle="LN2 flasks and dry shippers: lent with a deposit and weighed out, weighed back in; straws issued from the store first-expiry-first."
      stats={stats}
      listTitle="Flasks and dry shippers"
      actions={
        <Button onClick={() => setOpen({ kind: "add" })}>
          <Plus /> Add a flask
        </Button>
      }
    >
      <ListState
        query={flasks}
        page={page}
        label="flasks"
        empty={{ icon: FlaskConical, title: "No flasks yet" }}
      >
        {(list) => (
          <DataTable
            rows={list}
            rowTestId="flask-row"
            caption="Flasks"
            columns={[
              { header: "Serial", cell: (f) => <span className="font-mono">{f.serial}</span> },
              { header: "Kind", cell: (f) => flaskKindLabels[f.kind] },
              {
                header: "Status",
                cell: (f) => (
                  <span className="flex flex-wrap gap-1">
                    <Badge tone={f.status === "lent" ? "blue" : "gray"}>{flaskStatusLabels[f.status]}</Badge>
                    {f.loan?.overdue && <Badge tone="red">Overdue</Badge>}
                  </span>
                ),
              },
              {
                header: "With",
                cell: (f) => (f.loan ? `${f.loan.holder.name}, due ${formatFullDay(f.loan.dueOn)}` : "–"),
              },
              { header: "Straws", cell: (f) => `${f.straws} / ${f.capacityStraws}` },
              {
                header: "Actions",
                cell: (f) => (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setOpen({ kind: "history", id: f.id })}
                    >
                      History
                    </Button>
                    {f.status !== "retired" && (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setOpen({ kind: "issue", flask: f })}
                      >
                        Issue straws
                      </Button>
                    )}
                    {f.status === "in_store" && (
                      <Button size="sm" onClick={() => setOpen({ kind: "lend", flask: f })}>
                        Lend
                      </Button>
                    )}
                    {f.status === "lent" && (
                      <Button size="sm" onClick={() => setOpen({ kind: "return", flask: f })}>
                        Return
                      </Button>
                    )}
                  </div>
                ),
              },
            ]}
          />
        )}
      </ListState>
      <AddFlaskDialog open={open?.kind === "add"} onOpenChange={close} />
      {open && "flask" in open && (
        <>
          <LendDialog flask={open.flask} open={open.kind === "lend"} onOpenChange={close} />
          <ReturnDialog flask={open.flask} open={open.kind === "return"} onOpenChange={close} />
          <IssueDialog flask={open.flask} open={open.kind === "issue"} onOpenChange={close} />
        </>
      )}
      {open?.kind === "history" && <FlaskHistory id={open.id} onClose={() => setOpen(null)} />}
    </ListScreen>
  );
}
