import { Eye, type LucideIcon } from "lucide-react";
import { Button } from "./ui/button";

/** The eye button that opens a row's details. */
export function ViewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" aria-label={label} onClick={onClick}>
      <Eye />
    </Button>
  );
}

/** A small labelled action on a record's card ("Edit", "Delete"), named with the record for screen readers. */
export function CardAction({
  icon: Icon,
  label,
  of,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  of: string;
  onClick: () => void;
}) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} aria-label={`${label} ${of}`}>
      <Icon /> {label}
    </Button>
  );
}
