import { CheckCircle2 } from "lucide-react";
import type { PasswordSet } from "../../../contract/staff";
import { LinkButton } from "../../components/link-button";
import { useT } from "../../lib/i18n/i18n";

/** A new password is set: say for which account, and offer the sign-in it belongs to. */
export function PasswordSetNotice({ done }: { done: PasswordSet }) {
  const t = useT();
  return (
    <div className="space-y-4" role="status">
      <p className="flex items-start gap-2">
        <CheckCircle2 className="size-5 shrink-0 text-green-600" aria-hidden />
        {t("setpw.done", { email: done.email })}
      </p>
      <LinkButton href={done.staff ? "/login" : "/client-login"} className="w-full">
        {t("setpw.signIn")}
      </LinkButton>
    </div>
  );
}
