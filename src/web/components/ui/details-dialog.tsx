import { RecordDialog } from "./form-dialog";

/** A read-only record: label/value rows in a dialog. */
export function DetailsDialog({
  title,
  description,
  rows,
  onClose,
  children,
}: {
  title: string;
  description: string;
  rows: [label: string, value: string | null | undefined][];
  onClose: () => void;
  children?: React.ReactNode;
}) {
  return (
    <RecordDialog onClose={onClose} title={title} description={description}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-500">{label}</dt>
            <dd>{value || "–"}</dd>
          </div>
        ))}
      </dl>
      {children}
    </RecordDialog>
  );
}
