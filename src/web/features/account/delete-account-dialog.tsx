import { useState } from "react";
import { useLocation } from "wouter";
import { TextedCode } from "../../components/texted-code";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormError } from "../../components/ui/form-error";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { useContractForm } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";
import { refreshSession, useSession } from "../../lib/session";
import { useDeleteAccount, useSendDeletionCode } from "./api";
import { deleteAccountSchema } from "./schemas";

/**
 * Deleting the account, after saying what is kept and why, confirmed with the password; a farmer who signs in
 * by phone has none, and confirms with a code texted to their verified mobile.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [, navigate] = useLocation();
  const user = useSession().data?.user;
  const byCode = user?.phoneOnly === true;
  const remove = useDeleteAccount();
  const send = useSendDeletionCode();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const form = useContractForm({
    schema: deleteAccountSchema,
    initial: byCode ? { code: "" } : { password: "" },
    idPrefix: "delete",
  });
  const onSend = () => {
    setError(undefined);
    send.mutate(undefined, {
      onSuccess: () => setSent(true),
      onError: (e) => setError(apiErrorMessage(e) ?? t("verify.failed")),
    });
  };
  const onSubmit = form.handleSubmit((input) =>
    remove.mutate(input, {
      onSuccess: async () => {
        await refreshSession();
        toast({ title: t("mydata.deleted") });
        navigate("/");
      },
      onError: (e) => {
        if (!form.showServerErrors(e)) setError(apiErrorMessage(e) ?? t("forgot.failed"));
      },
    }),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("mydata.deleteTitle")}
      description={t("mydata.deleteKept")}
      onSubmit={onSubmit}
      pending={remove.isPending}
      submitDisabled={byCode && !sent}
      submitLabel={t("mydata.deleteConfirm")}
      pendingLabel={t("mydata.deleting")}
      cancelLabel={t("mydata.cancel")}
      columns={1}
    >
      {!byCode ? (
        <Field
          label={t("mydata.deletePassword")}
          type="password"
          autoComplete="current-password"
          bind={form.field("password")}
        />
      ) : sent ? (
        <TextedCode
          sent={t("verify.sent", { phone: user?.phone ?? "" })}
          label={t("verify.code")}
          bind={form.field("code")}
        />
      ) : (
        <div className="space-y-2">
          <p className="text-sm">{t("mydata.deleteByCode")}</p>
          <Button type="button" variant="outline" onClick={onSend} disabled={send.isPending}>
            {t("mydata.sendCode")}
          </Button>
        </div>
      )}
      <FormError message={error} />
    </FormDialog>
  );
}
