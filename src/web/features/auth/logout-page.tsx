import { CheckCircle2, ShieldAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { MailLink, TelLink, urithiContact } from "../../components/contact-links";
import { LinkButton } from "../../components/link-button";
import { Card } from "../../components/ui/card";
import { useT } from "../../lib/i18n/i18n";
import { signOut } from "../../lib/session";

/** Ends the server session (staff or client) and forgets the cart and everything stored for it. */
export default function LogoutPage() {
  const t = useT();
  const [done, setDone] = useState(false);
  useEffect(() => {
    signOut().then(() => setDone(true));
  }, []);

  return (
    <main id="main" tabIndex={-1} className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-md space-y-5 p-6 text-center">
        <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden />
        <div>
          <h1 className="text-2xl font-bold">{t("logout.title")}</h1>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400" data-testid="logout-state">
            {done ? t("logout.ended") : t("logout.ending")}
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <LinkButton href="/login">{t("nav.staffLogin")}</LinkButton>
          <LinkButton href="/landing" variant="outline">
            {t("logout.home")}
          </LinkButton>
        </div>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {t("logout.ask")} <MailLink email={urithiContact.email.support} /> {t("logout.orCall")}{" "}
          <TelLink phone={urithiContact.phone} />
        </p>
        <p className="flex items-start gap-2 rounded-md bg-yellow-50 p-3 text-left text-xs text-yellow-800 dark:bg-yellow-950 dark:text-yellow-200">
          <ShieldAlert className="h-4 w-4 shrink-0" aria-hidden />
          {t("logout.shared")}
        </p>
      </Card>
    </main>
  );
}
