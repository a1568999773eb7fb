import { useState } from "react";
import type { PasswordSet } from "../../../contract/staff";
import { TextedCode } from "../../components/texted-code";
import { Button } from "../../components/ui/button";
import { apiErrorFields, apiErrorMessage, apiJson } from "../../lib/api";
import { useContractForm } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";
import { NewPasswordFields } from "./new-password-fields";
import { PasswordSetNotice } from "./password-set-notice";
import { codeResetSchema } from "./schemas";

/** The code step: the 6 digits the SMS carried and the new password twice, posted with the mobile. */
export function CodeResetForm({
  phone,
  onResend,
  resending,
}: {
  phone: string;
  onResend: () => void;
  resending: boolean;
}) {
  const t = useT();
  const form = useContractForm({
    schema: codeResetSchema,
    initial: { code: "", password: "", confirmPassword: "" },
    idPrefix: "reset-code",
  });
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<PasswordSet>();

  const onSubmit = form.handleSubmit(async ({ code, password }) => {
    setError(undefined);
    setPending(true);
    try {
      setDone(await apiJson<PasswordSet>("POST", "/api/auth/reset-password", { code, phone, password }));
    } catch (e) {
      if (Object.keys(apiErrorFields(e)).length > 0) form.showServerErrors(e);
      else setError(apiErrorMessage(e) ?? t("setpw.failed"));
    } finally {
      setPending(false);
    }
  });

  if (done) return <PasswordSetNotice done={done} />;
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      <TextedCode sent={t("forgot.codeSent", { phone })} label={t("forgot.code")} bind={form.field("code")} />
      <NewPasswordFields
        password={form.field("password")}
        confirm={form.field("confirmPassword")}
        error={error}
        pending={pending}
      />
      <Button type="button" variant="outline" className="w-full" disabled={resending} onClick={onResend}>
        {t("forgot.resend")}
      </Button>
    </form>
  );
}
