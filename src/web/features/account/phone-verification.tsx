import { BadgeCheck } from "lucide-react";
import { useState } from "react";
import { TextedCode } from "../../components/texted-code";
import { Button } from "../../components/ui/button";
import { FormError } from "../../components/ui/form-error";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { useContractForm } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";
import { useSession } from "../../lib/session";
import { useConfirmPhone, useSendPhoneCode } from "./api";
import { phoneCodeSchema } from "./schemas";

/** Whether the saved mobile is proven, and proving it: a code by SMS, typed back here. */
export function PhoneVerification() {
  const t = useT();
  const user = useSession().data?.user;
  const send = useSendPhoneCode();
  const confirm = useConfirmPhone();
  const [sentTo, setSentTo] = useState<string>();
  const [error, setError] = useState<string>();
  const form = useContractForm({ schema: phoneCodeSchema, initial: { code: "" }, idPrefix: "verify" });
  if (!user?.phone) return null;
  if (user.phoneVerified) {
    return (
      <p className="flex items-start gap-2 text-sm text-green-800 dark:text-green-400">
        <BadgeCheck className="size-5 shrink-0" aria-hidden />
        {t("verify.verified")}
      </p>
    );
  }
  const phone = user.phone;
  const onSend = () => {
    setError(undefined);
    send.mutate(undefined, {
      onSuccess: () => setSentTo(phone),
      onError: (e) => setError(apiErrorMessage(e) ?? t("verify.failed")),
    });
  };
  const onConfirm = form.handleSubmit(({ code }) =>
    confirm.mutate(code, {
      onSuccess: () => {
        setSentTo(undefined);
        toast({ title: t("verify.done") });
      },
      onError: (e) => {
        if (!form.showServerErrors(e)) setError(apiErrorMessage(e) ?? t("verify.failed"));
      },
    }),
  );
  return (
    <div className="space-y-3 rounded-md border border-dashed border-gray-300 p-3 dark:border-gray-700">
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("verify.unverified")}</p>
      {sentTo === phone ? (
        <form onSubmit={onConfirm} noValidate className="space-y-3" aria-label={t("verify.send")}>
          <TextedCode sent={t("verify.sent", { phone })} label={t("verify.code")} bind={form.field("code")} />
          <Button type="submit" disabled={confirm.isPending}>
            {t("verify.confirm")}
          </Button>
        </form>
      ) : (
        <Button type="button" variant="outline" onClick={onSend} disabled={send.isPending}>
          {t("verify.send")}
        </Button>
      )}
      <FormError message={error} />
    </div>
  );
}
