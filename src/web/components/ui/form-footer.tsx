import { Button } from "./button";
import { DialogFooter } from "./dialog";

/** Cancel and submit buttons at the foot of a dialog's form; the submit label changes while pending. */
export function FormFooter({
  onCancel,
  pending,
  disabled,
  submitLabel,
  pendingLabel,
  cancelLabel = "Cancel",
  className,
}: {
  onCancel: () => void;
  pending: boolean;
  disabled?: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Client screens pass their language's word. */
  cancelLabel?: string;
  className?: string;
}) {
  return (
    <DialogFooter className={className}>
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={pending || disabled}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
