import { cn } from "../lib/cn";

/** A row of tabs over one panel; the chosen tab is underlined. */
export function TabBar<T extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: readonly (readonly [id: T, label: string])[];
  value: T;
  onChange: (tab: T) => void;
}) {
  return (
    <div className="flex gap-1 overflow-x-auto border-b border-gray-200 dark:border-gray-800" role="tablist">
      {tabs.map(([id, label]) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={value === id}
          onClick={() => onChange(id)}
          className={cn(
            "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
            value === id
              ? "border-brand-700 text-brand-800 dark:text-brand-500"
              : "border-transparent text-gray-500",
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
