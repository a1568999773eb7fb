import type { FormEvent, ReactNode } from "react";
import type { z } from "zod";
import { cn } from "../../lib/cn";
import { type FormSpec, type FormValues, useContractForm, useResetOnOpen } from "../../lib/form";
import type { MutateCallbacks } from "../../lib/query";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./dialog";
import { FormFooter } from "./form-footer";
import { missingFieldsToast, toast } from "./use-toast";

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Room for a record with a table or a history, not just a form. */
  wide?: boolean;
  children: ReactNode;
}

/** A dialog with its title and description: the frame every back-office dialog shares. */
export function ModalDialog({ open, onOpenChange, title, description, wide, children }: ModalProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={wide ? "max-w-2xl" : undefined}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** A record's dialog, open while it is shown; closing it calls `onClose`. */
export function RecordDialog({
  onClose,
  ...props
}: Omit<ModalProps, "open" | "onOpenChange"> & { onClose: () => void }) {
  return <ModalDialog open onOpenChange={(open) => !open && onClose()} {...props} />;
}

/**
 * A dialog holding one form: fields in a grid (two columns from `sm` unless `columns={1}`), Cancel and
 * a submit button that says `pendingLabel` while the request runs. The browser's own validation is off:
 * the contract schema checks the fields and puts each message under its field.
 */
export function FormDialog({
  onSubmit,
  pending,
  submitDisabled,
  submitLabel,
  pendingLabel,
  cancelLabel,
  columns = 2,
  children,
  ...modal
}: ModalProps & {
  onSubmit: (e: FormEvent) => void;
  pending: boolean;
  /** Keeps the submit button off while what is typed cannot be sent (checked live, e.g. against stock). */
  submitDisabled?: boolean;
  submitLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  columns?: 1 | 2;
}) {
  return (
    <ModalDialog {...modal}>
      <form className={cn("grid gap-4", columns === 2 && "sm:grid-cols-2")} onSubmit={onSubmit} noValidate>
        {children}
        <FormFooter
          className={cn(columns === 2 && "sm:col-span-2")}
          onCancel={() => modal.onOpenChange(false)}
          pending={pending}
          disabled={submitDisabled}
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
          cancelLabel={cancelLabel}
        />
      </form>
    </ModalDialog>
  );
}

/** What every dialog is given: whether it is open, and how to close it. */
export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** How a dialog's checked data is sent: a mutation, or an object choosing between two (create or update). */
interface Sender<D, R> {
  mutate: (data: D, callbacks: MutateCallbacks<R>) => void;
  isPending: boolean;
}

/**
 * The one way a dialog's form is sent: the contract schema checks it (with SPEC's "fill in all required
 * fields" toast when `required` fields are blank), the success toast closes the dialog, and a refusal puts
 * the server's field messages under the fields beside a failure toast. `editing` is the record being
 * changed, as field text: the form starts from it each time the dialog opens.
 */
export function useFormDialog<V extends FormValues, S extends z.ZodType, R>(
  { open, onOpenChange }: DialogProps,
  spec: FormSpec<V, S> & { editing?: V; required?: readonly (keyof V & string)[] },
  sender: Sender<z.output<S>, R>,
  say: {
    success: (result: R, data: z.output<S>) => { title: string; description: string };
    failure: (error: Error) => string | undefined;
  },
) {
  const form = useContractForm(spec);
  useResetOnOpen(open, form.reset, spec.editing);
  const onSubmit = form.handleSubmit(
    (data) =>
      sender.mutate(data, {
        onSuccess: (result) => {
          toast(say.success(result, data));
          onOpenChange(false);
        },
        onError: (error) => {
          form.showServerErrors(error);
          toast({ variant: "destructive", title: "Error", description: say.failure(error) });
        },
      }),
    () => spec.required && form.anyBlank(...spec.required) && missingFieldsToast(),
  );
  return { form, dialog: { open, onOpenChange, onSubmit, pending: sender.isPending } };
}
