import { Star } from "lucide-react";
import type { Vendor } from "../../../contract/vendors";
import { cn } from "../../lib/cn";

/** Five stars; clicking a star sets the rating (clicking the current one clears to 0). */
export function StarRating({ vendor, onRate }: { vendor: Vendor; onRate?: (rating: number) => void }) {
  return (
    <fieldset className="flex" aria-label={`Rating of ${vendor.name}: ${vendor.rating} of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          disabled={!onRate}
          aria-label={`Rate ${vendor.name} ${n} of 5`}
          onClick={() => onRate?.(vendor.rating === n ? 0 : n)}
          className="p-0.5 disabled:cursor-default"
        >
          <Star
            className={cn(
              "h-4 w-4",
              n <= vendor.rating ? "fill-yellow-400 text-yellow-400" : "text-gray-300",
            )}
          />
        </button>
      ))}
    </fieldset>
  );
}
