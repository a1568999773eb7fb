import type { ReactNode } from "react";
import { cn } from "../lib/cn";
import { Card } from "./ui/card";

/**
 * One record in a list of cards (a customer, an order): its heading with badges, the details under it, and
 * its actions on the right from `sm` up (under the details on phones).
 */
export function RecordCard({
  testId,
  heading,
  aside,
  center,
  children,
}: {
  testId: string;
  heading: ReactNode;
  aside?: ReactNode;
  /** Actions centred against the details rather than at their top. */
  center?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-5" data-testid={testId}>
      <div
        className={cn(
          "flex flex-col gap-3 sm:flex-row sm:justify-between",
          center ? "sm:items-center" : "sm:items-start",
        )}
      >
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">{heading}</div>
          {children}
        </div>
        {aside}
      </div>
    </Card>
  );
}
