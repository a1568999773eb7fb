import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { Card } from "../../components/ui/card";
import { useT } from "../../lib/i18n/i18n";

/** What an unknown address says; staff see it inside the shell, everyone else on a page of its own. */
function NotFound({ home }: { home: { href: string; label: string } }) {
  const t = useT();
  return (
    <Card className="mx-auto w-full max-w-md p-6">
      <div className="flex items-center gap-2">
        <AlertCircle className="h-8 w-8 text-red-500" aria-hidden />
        <h1 className="text-2xl font-bold">{t("notFound.title")}</h1>
      </div>
      <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">{t("notFound.text")}</p>
      <Link
        href={home.href}
        className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline dark:text-brand-500"
      >
        {home.label}
      </Link>
    </Card>
  );
}

export default function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const t = useT();
  if (inShell) return <NotFound home={{ href: "/dashboard", label: "Go to the dashboard" }} />;
  return (
    <main id="main" tabIndex={-1} className="flex min-h-screen items-center justify-center p-4">
      <NotFound home={{ href: "/", label: t("notFound.home") }} />
    </main>
  );
}
