import { Plus } from "lucide-react";
import { Button } from "./ui/button";

/** The screen's main "add" action in its header. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus /> {label}
    </Button>
  );
}
