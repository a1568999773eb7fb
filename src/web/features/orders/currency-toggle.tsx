import { cn } from "../../lib/cn";
import type { DisplayCurrency } from "../../lib/format";

/** KES or USD for the screen's figures, as two pressed/unpressed buttons. */
export function CurrencyToggle({
  value,
  onChange,
}: {
  value: DisplayCurrency;
  onChange: (c: DisplayCurrency) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-md border border-gray-300 p-0.5 dark:border-gray-700">
      <legend className="sr-only">Currency</legend>
      {(["KES", "USD"] as const).map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={value === c}
          onClick={() => onChange(c)}
          className={cn(
            "rounded px-3 py-1.5 text-sm font-medium",
            value === c ? "bg-brand-700 text-white" : "hover:bg-gray-100 dark:hover:bg-gray-800",
          )}
        >
          {c}
        </button>
      ))}
    </fieldset>
  );
}
