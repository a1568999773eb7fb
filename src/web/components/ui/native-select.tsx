import type { SelectHTMLAttributes } from "react";
import { cn } from "../../lib/cn";
import { fieldClass } from "./input";

/** A styled native <select>: keyboard- and screen-reader-friendly, and it takes part in browser validation. */
export function NativeSelect({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(fieldClass, "h-11 sm:h-10 pr-8", className)} {...props} />;
}
