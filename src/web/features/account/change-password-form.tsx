import { type FormEvent, useState } from "react";
import { changePasswordSchema, minPasswordLength, passwordTooShort } from "../../../contract/auth";
import type { Role } from "../../../contract/roles";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { apiErrorFields, apiErrorMessage } from "../../lib/api";
import { useFormFields } from "../../lib/use-form-fields";
import { useChangePassword } from "./api";

const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };
type FieldName = keyof typeof empty;
const labels: Record<FieldName, [string, string]> = {
  currentPassword: ["Current password", "current-password"],
  newPassword: ["New password", "new-password"],
  confirmPassword: ["Confirm new password", "new-password"],
};

/** Validates with the contract's schema (plus the role's minimum), then lets the server have the last word. */
function check(form: typeof empty, role: Role): Partial<Record<FieldName, string>> {
  const parsed = changePasswordSchema.safeParse(form);
  const errors: Partial<Record<FieldName, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path[0] as FieldName] ??= issue.message;
  }
  const min = minPasswordLength(role);
  if (!errors.newPassword && form.newPassword.length < min) errors.newPassword = passwordTooShort(min);
  return errors;
}

export function ChangePasswordForm({ role }: { role: Role }) {
  const [form, field, setForm] = useFormFields(empty);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const change = useChangePassword();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(form, role);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(form, {
      onSuccess: () => {
        setForm(empty);
        toast({ title: "Password Changed", description: "Your other sessions have been signed out." });
      },
      onError: (error) => {
        const fields = apiErrorFields(error) as Partial<Record<FieldName, string>>;
        setErrors(fields);
        if (Object.keys(fields).length === 0) {
          toast({
            variant: "destructive",
            title: "Password Not Changed",
            description: apiErrorMessage(error),
          });
        }
      },
    });
  };

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label="Change password">
      {(Object.keys(labels) as FieldName[]).map((name) => (
        <Field key={name} id={`account-${name}`} label={labels[name][0]} error={errors[name]}>
          <Input
            id={`account-${name}`}
            type="password"
            autoComplete={labels[name][1]}
            value={form[name]}
            onChange={field(name)}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `account-${name}-error` : undefined}
          />
        </Field>
      ))}
      <p className="text-sm text-gray-500 dark:text-gray-400">
        At least {minPasswordLength(role)} characters, and not one of the most common passwords.
      </p>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? "Saving..." : "Change Password"}
      </Button>
    </form>
  );
}
