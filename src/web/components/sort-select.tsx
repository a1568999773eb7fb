import type { Options } from "./ui/field";
import { NativeSelect } from "./ui/native-select";

interface Sort {
  sort: string;
  order: string;
}

/**
 * How a list is ordered, as one select of "field:order" choices ("Newest first", "Amount: high to low"). The
 * server sorts, so every page follows it.
 */
export function SortSelect({
  options,
  value,
  onChange,
}: {
  options: Options;
  value: Sort;
  onChange: (sort: Sort) => void;
}) {
  return (
    <NativeSelect
      aria-label="Sort by"
      className="sm:w-52"
      value={`${value.sort}:${value.order}`}
      onChange={(e) => {
        const [sort = "", order = "desc"] = e.target.value.split(":");
        onChange({ sort, order });
      }}
    >
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </NativeSelect>
  );
}
