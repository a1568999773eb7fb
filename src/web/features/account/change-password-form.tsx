import { minPasswordLength } from "../../../contract/account-rules";
import type { Role } from "../../../contract/roles";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { useContractForm } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";
import { useChangePassword } from "./api";
import { changePasswordSchema } from "./schemas";

const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Validates with the contract's schema for the role, then lets the server have the last word. */
export function ChangePasswordForm({ role }: { role: Role }) {
  const t = useT();
  const form = useContractForm({ schema: changePasswordSchema(role), initial: empty, idPrefix: "account" });
  const change = useChangePassword();

  const onSubmit = form.handleSubmit((input) =>
    change.mutate(input, {
      onSuccess: () => {
        form.reset();
        toast({ title: t("security.changed"), description: t("security.changedText") });
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) {
          toast({
            variant: "destructive",
            title: t("security.notChanged"),
            description: apiErrorMessage(error),
          });
        }
      },
    }),
  );

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label={t("security.change")}>
      <Field
        label={t("security.current")}
        type="password"
        autoComplete="current-password"
        bind={form.field("currentPassword")}
      />
      <Field
        label={t("security.new")}
        type="password"
        autoComplete="new-password"
        bind={form.field("newPassword")}
      />
      <Field
        label={t("security.confirm")}
        type="password"
        autoComplete="new-password"
        bind={form.field("confirmPassword")}
      />
      <p className="text-sm text-gray-500 dark:text-gray-400">
        {t("security.rule", { min: minPasswordLength(role) })}
      </p>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t("security.saving") : t("security.submit")}
      </Button>
    </form>
  );
}
