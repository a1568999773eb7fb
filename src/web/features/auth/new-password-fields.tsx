import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { FormError } from "../../components/ui/form-error";
import type { FieldBinding } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";

/** The new password twice, what went wrong, and "Set password": a link's page and the SMS code's form. */
export function NewPasswordFields(props: {
  password: FieldBinding;
  confirm: FieldBinding;
  error: string | undefined;
  pending: boolean;
}) {
  const t = useT();
  return (
    <>
      <Field
        label={t("setpw.password")}
        type="password"
        autoComplete="new-password"
        hint={t("setpw.rule")}
        bind={props.password}
      />
      <Field label={t("setpw.confirm")} type="password" autoComplete="new-password" bind={props.confirm} />
      <FormError message={props.error} />
      <Button type="submit" className="w-full" disabled={props.pending}>
        {props.pending ? t("setpw.saving") : t("setpw.submit")}
      </Button>
    </>
  );
}
