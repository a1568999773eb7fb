import { Eye } from "lucide-react";
import { Button } from "./ui/button";
import type { Options } from "./ui/field";
import { NativeSelect } from "./ui/native-select";

/** The eye button that opens a row's details. */
export function ViewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" aria-label={label} onClick={onClick}>
      <Eye />
    </Button>
  );
}

/** A row's status, changed in place; each change is one request. */
export function StatusSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: T;
  options: Options;
  onChange: (status: T) => void;
  className?: string;
}) {
  return (
    <NativeSelect
      aria-label={label}
      className={className ?? "h-9 w-36"}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
    >
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </NativeSelect>
  );
}
