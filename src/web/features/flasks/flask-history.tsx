import { useQuery } from "@tanstack/react-query";
import { RecordDialog } from "../../components/ui/form-dialog";
import { formatDate, formatDateTime, formatFullDay, formatKes } from "../../lib/format";
import { flaskQueries } from "./api";
import { flaskMovementLabels } from "./words";

/** A flask's straws, loans (with the LN2 each used) and straw movements. */
export function FlaskHistory({ id, onClose }: { id: number; onClose: () => void }) {
  const flask = useQuery(flaskQueries.one(id));
  const f = flask.data;
  return (
    <RecordDialog
      title={f ? f.serial : "Flask"}
      description="What is in it and where it has been."
      wide
      onClose={onClose}
    >
      {f && (
        <div className="space-y-4 text-sm" data-testid="flask-history">
          <section>
            <h3 className="font-semibold">In it ({f.straws} straws)</h3>
            {f.contents.length === 0 ? (
              <p>Empty.</p>
            ) : (
              <ul>
                {f.contents.map((s) => (
                  <li key={s.batchId}>
                    {s.count} × {s.itemId} {s.bullName && `(${s.bullName})`} · batch {s.batch}
                    {s.expiryDate && ` · use by ${formatFullDay(s.expiryDate)}`}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section>
            <h3 className="font-semibold">Loans</h3>
            <ul className="space-y-1" aria-label="Loans">
              {f.loans.map((l) => (
                <li key={l.id} data-testid="flask-loan">
                  {l.holder.name}: out {formatDateTime(l.lentAt)} at {l.weightOutKg} kg, due{" "}
                  {formatFullDay(l.dueOn)}, deposit {formatKes(l.depositKes)}
                  {l.returnedAt
                    ? `; back ${formatDate(l.returnedAt)} at ${l.weightBackKg} kg (${l.ln2UsedKg} kg of LN2 used)`
                    : l.overdue
                      ? "; overdue"
                      : "; out"}
                  {l.notes && ` · ${l.notes}`}
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="font-semibold">Straw movements</h3>
            <ul aria-label="Straw movements">
              {f.movements.map((m) => (
                <li key={m.id}>
                  {formatDateTime(m.at)}: {flaskMovementLabels[m.kind]} {m.quantity} × {m.itemId} (batch{" "}
                  {m.batch}){m.by && ` by ${m.by}`}
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </RecordDialog>
  );
}
