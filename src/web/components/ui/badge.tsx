import { cva, type VariantProps } from "class-variance-authority";
import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

const badgeVariants = cva("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", {
  variants: {
    tone: {
      gray: "bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200",
      green: "bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-300",
      blue: "bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-300",
      yellow: "bg-yellow-100 text-yellow-800 dark:bg-yellow-900/50 dark:text-yellow-300",
      purple: "bg-purple-100 text-purple-800 dark:bg-purple-900/50 dark:text-purple-300",
      orange: "bg-orange-100 text-orange-800 dark:bg-orange-900/50 dark:text-orange-300",
      red: "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-300",
    },
  },
  defaultVariants: { tone: "gray" },
});

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>["tone"]>;

export function Badge({
  className,
  tone,
  ...props
}: HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
