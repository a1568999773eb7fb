import type { Options } from "./ui/field";
import { NativeSelect } from "./ui/native-select";

/**
 * A select outside a form, named by its `label` for screen readers: a list filter (with `all`, the option
 * that filters nothing) or a row's status changed in place.
 */
export function ChoiceSelect<T extends string>({
  label,
  all,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  all?: string;
  options: Options;
  value: T;
  onChange: (v: T) => void;
  className?: string;
}) {
  return (
    <NativeSelect
      aria-label={label}
      className={className}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
    >
      {all !== undefined && <option value="all">{all}</option>}
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </NativeSelect>
  );
}
