import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "./card";

export function EmptyState({
  icon: Icon,
  title,
  hint,
  action,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  hint?: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="p-10 text-center" data-testid={testId}>
      <Icon className="mx-auto h-10 w-10 text-gray-400" aria-hidden />
      <h3 className="mt-3 text-lg font-semibold">{title}</h3>
      {hint && <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{hint}</p>}
      {action && <div className="mt-4">{action}</div>}
    </Card>
  );
}
