import { useMemo } from "react";
import { changePasswordFor, minPasswordLength } from "../../../contract/auth";
import type { Role } from "../../../contract/roles";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { useContractForm } from "../../lib/form";
import { useChangePassword } from "./api";

const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Validates with the contract's schema for the role, then lets the server have the last word. */
export function ChangePasswordForm({ role }: { role: Role }) {
  const schema = useMemo(() => changePasswordFor(role), [role]);
  const form = useContractForm({ schema, initial: empty, idPrefix: "account" });
  const change = useChangePassword();

  const onSubmit = form.handleSubmit((input) =>
    change.mutate(input, {
      onSuccess: () => {
        form.reset();
        toast({ title: "Password Changed", description: "Your other sessions have been signed out." });
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) {
          toast({
            variant: "destructive",
            title: "Password Not Changed",
            description: apiErrorMessage(error),
          });
        }
      },
    }),
  );

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label="Change password">
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        bind={form.field("currentPassword")}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        bind={form.field("newPassword")}
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        bind={form.field("confirmPassword")}
      />
      <p className="text-sm text-gray-500 dark:text-gray-400">
        At least {minPasswordLength(role)} characters, and not one of the most common passwords.
      </p>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? "Saving..." : "Change Password"}
      </Button>
    </form>
  );
}
