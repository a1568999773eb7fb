import { cn } from "../../lib/cn";

/** What went wrong with the whole form (not one field), in a red box screen readers announce. */
export function FormError({ message, className }: { message: string | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p
      className={cn(
        "rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300",
        className,
      )}
      role="alert"
    >
      {message}
    </p>
  );
}
