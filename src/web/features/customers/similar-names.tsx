import { useQuery } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { useDeferredValue } from "react";
import { customerQueries } from "./api";

/**
 * A warning under the name while it is typed: active customers whose names look like it, so a second
 * record of the same farm is noticed before it is saved. It warns; it does not stop the save.
 */
export function SimilarNames({ name, excludeId }: { name: string; excludeId?: number }) {
  const typed = useDeferredValue(name.trim());
  const similar = useQuery({
    ...customerQueries.similar({ name: typed, excludeId }),
    enabled: typed.length >= 3,
  });
  const found = typed.length >= 3 ? (similar.data ?? []) : [];
  if (found.length === 0) return null;
  return (
    <div
      role="status"
      className="flex gap-2 rounded-md bg-yellow-50 p-2 text-sm text-yellow-900 sm:col-span-2 dark:bg-yellow-950 dark:text-yellow-100"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        Already on record with a similar name:{" "}
        {found.map((c, i) => (
          <span key={c.id}>
            {i > 0 && "; "}
            <strong>{c.name}</strong> ({c.email})
          </span>
        ))}
        . Check it is not the same customer.
      </p>
    </div>
  );
}
