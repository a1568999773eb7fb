import { FileWarning } from "lucide-react";
import { Link } from "wouter";
import type { EtimsSummary } from "../../../contract/invoices";

/**
 * Tax documents KRA refused, or that have waited over 15 minutes, or a missing KRA PIN: one line with the
 * way to the eTIMS screen, where they are fixed and sent again. Nothing is hidden in a log.
 */
export function EtimsBanner({ summary }: { summary: EtimsSummary | undefined }) {
  if (!summary) return null;
  const problems = [
    summary.refused > 0 && `${summary.refused} refused by KRA`,
    summary.stuck > 0 && `${summary.stuck} waiting over 15 minutes`,
    !summary.pinSet && "the company's KRA PIN is not set",
  ].filter(Boolean);
  if (problems.length === 0) return null;
  return (
    <div
      role="alert"
      data-testid="etims-banner"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <FileWarning className="h-5 w-5 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        <strong>eTIMS:</strong> tax documents need attention: {problems.join(", ")}.
      </p>
      <Link
        href={summary.pinSet ? "/etims" : "/settings"}
        className="font-medium underline underline-offset-2"
      >
        {summary.pinSet ? "Open eTIMS documents" : "Open Settings"}
      </Link>
    </div>
  );
}
