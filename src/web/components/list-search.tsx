import type { ListParams } from "../lib/use-list-params";
import { SearchInput } from "./ui/search-input";

/** The search box of a list whose filters live in the address (`useListParams` with a `search` key). */
export function ListSearch({
  list,
  label,
  placeholder,
}: {
  list: ListParams<"search">;
  label: string;
  placeholder: string;
}) {
  return (
    <SearchInput
      label={label}
      placeholder={placeholder}
      value={list.values.search}
      onChange={(v) => list.set({ search: v })}
    />
  );
}
