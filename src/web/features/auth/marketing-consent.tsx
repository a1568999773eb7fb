import { marketingWording } from "../../../contract/marketing-wording";
import { cn } from "../../lib/cn";
import { currentLanguage } from "../../lib/i18n/i18n";

/**
 * Signup's marketing box, off until ticked: marketing needs its own consent, order messages do not. Its
 * words are the ones recorded with the choice, in the reader's language.
 */
export function MarketingConsent({
  checked,
  onChange,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label className={cn("flex items-start gap-2 text-sm", className)}>
      <input
        type="checkbox"
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {marketingWording[currentLanguage()]}
    </label>
  );
}
