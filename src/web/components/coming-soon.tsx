import { Construction } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "./ui/card";

/** Stands in for a screen whose issue has not landed yet. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card className="mx-auto mt-8 max-w-xl p-8 text-center">
      <Construction className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">This screen is coming in this release.</p>
      {children && <div className="mt-6 flex flex-wrap justify-center gap-2">{children}</div>}
    </Card>
  );
}
