import { useState } from "react";
import { useLocation } from "wouter";
import { Field } from "../../components/ui/field";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormError } from "../../components/ui/form-error";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { useContractForm } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";
import { refreshSession } from "../../lib/session";
import { useDeleteAccount } from "./api";
import { deleteAccountSchema } from "./schemas";

/** Deleting the account, after saying what is kept and why, confirmed with the password. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [, navigate] = useLocation();
  const remove = useDeleteAccount();
  const [error, setError] = useState<string>();
  const form = useContractForm({
    schema: deleteAccountSchema,
    initial: { password: "" },
    idPrefix: "delete",
  });
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
      submitLabel={t("mydata.deleteConfirm")}
      pendingLabel={t("mydata.deleting")}
      cancelLabel={t("mydata.cancel")}
      columns={1}
    >
      <Field
        label={t("mydata.deletePassword")}
        type="password"
        autoComplete="current-password"
        bind={form.field("password")}
      />
      <FormError message={error} />
    </FormDialog>
  );
}
