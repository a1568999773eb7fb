import { roleLabels, staffRoles } from "../../../contract/roles";
import { INVITE_HOURS, staffInviteSchema } from "../../../contract/staff";
import { Field, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { useInviteStaff } from "./api";

const empty = { firstName: "", lastName: "", email: "", role: "", phone: "" };

/** A Director invites someone: they get a one-time link by email to choose their password. */
export function InviteDialog(props: DialogProps) {
  const invite = useInviteStaff();
  const spec = { schema: staffInviteSchema, initial: empty, idPrefix: "invite" };
  const { form, dialog } = useFormDialog(props, spec, invite, {
    success: (member) => ({
      title: "Invite sent",
      description: `${member.firstName} has ${INVITE_HOURS} hours to set a password from the email.`,
    }),
    failure: () => "The invite was not sent. Please try again.",
  });
  return (
    <FormDialog
      {...dialog}
      title="Invite staff"
      description={`They get an email with a link to set their password, valid for ${INVITE_HOURS} hours.`}
      submitLabel="Send invite"
      pendingLabel="Sending..."
    >
      <Field label="First name *" bind={form.field("firstName")} />
      <Field label="Last name *" bind={form.field("lastName")} />
      <Field label="Email *" type="email" bind={form.field("email")} />
      <Field label="Mobile *" type="tel" placeholder="0712 345 678" bind={form.field("phone")} />
      <Field
        label="Role *"
        placeholder="Select role"
        options={optionsOf(staffRoles, roleLabels)}
        bind={form.field("role")}
      />
    </FormDialog>
  );
}
