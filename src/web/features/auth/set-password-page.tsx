import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { PasswordSet } from "../../../contract/staff";
import { Card } from "../../components/ui/card";
import { FormError } from "../../components/ui/form-error";
import { apiErrorFields, apiErrorMessage, apiJson } from "../../lib/api";
import { useContractForm } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";
import { NewPasswordFields } from "./new-password-fields";
import { PasswordSetNotice } from "./password-set-notice";
import { setPasswordSchema } from "./schemas";

/**
 * The page a one-time link opens: a staff invite (/accept-invite) or a password reset (/reset-password).
 * The token (and the reset's email) come in the address; the server checks the password for the account's
 * role and spends the token.
 */
export default function SetPasswordPage() {
  const t = useT();
  const [path] = useLocation();
  const params = new URLSearchParams(useSearch());
  const token = params.get("token") ?? "";
  const email = params.get("email") ?? "";
  const invite = path === "/accept-invite";
  const form = useContractForm({
    schema: setPasswordSchema,
    initial: { password: "", confirmPassword: "" },
    idPrefix: "set-password",
  });
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<PasswordSet>();

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(undefined);
    setPending(true);
    try {
      setDone(
        await apiJson<PasswordSet>(
          "POST",
          invite ? "/api/auth/accept-invite" : "/api/auth/reset-password",
          invite ? { token, password } : { token, email, password },
        ),
      );
    } catch (e) {
      // A weak password goes under its field; a spent or broken link above the button.
      if (apiErrorFields(e).password) form.showServerErrors(e);
      else setError(apiErrorMessage(e) ?? t("setpw.failed"));
    } finally {
      setPending(false);
    }
  });

  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white p-4 dark:from-gray-950 dark:to-gray-900"
    >
      <Card className="w-full max-w-md space-y-4 p-6">
        <h1 className="text-2xl font-bold">{t(invite ? "title.acceptInvite" : "title.resetPassword")}</h1>
        {done ? (
          <PasswordSetNotice done={done} />
        ) : !token ? (
          <FormError message={t("setpw.missing")} />
        ) : (
          <form className="space-y-4" onSubmit={onSubmit} noValidate>
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {invite ? t("setpw.invite") : t("setpw.reset", { email })}
            </p>
            <NewPasswordFields
              password={form.field("password")}
              confirm={form.field("confirmPassword")}
              error={error}
              pending={pending}
            />
          </form>
        )}
      </Card>
    </main>
  );
}
