import { cn } from "../lib/cn";
import type { FieldBinding } from "../lib/form";

export interface RadioChoice {
  value: string;
  label: string;
  /** A line under the label. */
  hint?: string;
}

/** One choice of a few, as radio buttons bound to a form field, under a legend (kept for screen readers only if `legendHidden`). */
export function RadioChoices({
  legend,
  legendHidden = false,
  choices,
  bind,
}: {
  legend: string;
  legendHidden?: boolean;
  choices: RadioChoice[];
  bind: FieldBinding;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className={cn(legendHidden ? "sr-only" : "text-sm text-gray-600 dark:text-gray-400")}>
        {legend}
      </legend>
      {choices.map((c) => (
        <label key={c.value} className="flex min-h-11 items-start gap-2 py-1 text-sm">
          <input
            type="radio"
            name={bind.name}
            value={c.value}
            className="mt-1 accent-brand-700"
            checked={bind.value === c.value}
            onChange={bind.onChange}
          />
          <span>
            {c.label}
            {c.hint && <span className="block text-xs text-gray-500">{c.hint}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
