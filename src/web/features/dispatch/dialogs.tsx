import { useQuery } from "@tanstack/react-query";
import {
  assignInputSchema,
  cancelRequestSchema,
  type ServiceRequest,
} from "../../../contract/service-requests";
import { Field } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { dispatchQueries, useAssign, useCancelRequest } from "./api";

const cowOf = (r: ServiceRequest) => (r.cow.name ? `${r.cow.name} (${r.cow.tag})` : r.cow.tag);

/** Sends a Field Technician: the farmer is texted his name and phone, he the job. */
export function AssignDialog({ request, ...props }: DialogProps & { request: ServiceRequest }) {
  const technicians = useQuery({ ...dispatchQueries.technicians(), enabled: props.open });
  const assign = useAssign();
  const { form, dialog } = useFormDialog(
    props,
    {
      schema: assignInputSchema,
      initial: () => ({ technicianId: "" }),
      idPrefix: "assign",
      toInput: (v: { technicianId: string }) => ({ technicianId: Number(v.technicianId) || undefined }),
      required: ["technicianId"],
    },
    { mutate: (d, cb) => assign.mutate({ id: request.id, ...d }, cb), isPending: assign.isPending },
    {
      success: (r: ServiceRequest) => ({
        title: "Technician assigned",
        description: `${r.technician?.name} is texted the job; the farmer his name and phone.`,
      }),
      failure: () => "The technician could not be assigned",
    },
  );
  return (
    <FormDialog
      {...dialog}
      title={`Assign: ${cowOf(request)}`}
      description={`${request.kind === "pd" ? "Pregnancy check" : "Insemination"} in ${request.location.county}.`}
      submitLabel="Assign"
      pendingLabel="Assigning..."
      columns={1}
    >
      <Field
        label="Field technician"
        placeholder="Choose a technician"
        options={(technicians.data ?? []).map(
          (t) => [String(t.id), `${t.name} (${t.openJobs} open job${t.openJobs === 1 ? "" : "s"})`] as const,
        )}
        bind={form.field("technicianId")}
      />
    </FormDialog>
  );
}

/** Cancels a visit with the reason (the farmer sold her, the heat passed, a vet came instead). */
export function CancelDialog({ request, ...props }: DialogProps & { request: ServiceRequest }) {
  const cancel = useCancelRequest();
  const { form, dialog } = useFormDialog(
    props,
    {
      schema: cancelRequestSchema,
      initial: () => ({ reason: "" }),
      idPrefix: "cancel-visit",
      required: ["reason"],
    },
    { mutate: (d, cb) => cancel.mutate({ id: request.id, ...d }, cb), isPending: cancel.isPending },
    {
      success: () => ({ title: "Visit cancelled", description: cowOf(request) }),
      failure: () => "The visit could not be cancelled",
    },
  );
  return (
    <FormDialog
      {...dialog}
      title={`Cancel: ${cowOf(request)}`}
      description="Say why: the farmer sees it."
      submitLabel="Cancel visit"
      pendingLabel="Cancelling..."
      cancelLabel="Keep it"
      columns={1}
    >
      <Field label="Reason" rows={2} bind={form.field("reason")} />
    </FormDialog>
  );
}
