import type { Options } from "./ui/field";
import { NativeSelect } from "./ui/native-select";

/** A list filter: "all" (labelled `all`) or one of the options. */
export function FilterSelect({
  label,
  all,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  all: string;
  options: Options;
  value: string;
  onChange: (v: string) => void;
  className?: string;
}) {
  return (
    <NativeSelect
      aria-label={label}
      className={className}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="all">{all}</option>
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </NativeSelect>
  );
}
