import type { TextareaHTMLAttributes } from "react";
import { cn } from "../../lib/cn";
import { fieldClass } from "./input";

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(fieldClass, "min-h-20", className)} {...props} />;
}
