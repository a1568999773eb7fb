import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { businessDetailsSchema } from "../../../contract/settings";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { useContractForm } from "../../lib/form";
import { settingsQueries, useSaveBusiness } from "./api";

const empty = { tradeName: "", address: "", phone: "", email: "" };

/** The business's name and contacts: the letterhead of every printed or exported report. */
export function BusinessCard() {
  const current = useQuery(settingsQueries.business());
  const form = useContractForm({ schema: businessDetailsSchema, initial: empty, idPrefix: "business" });
  const save = useSaveBusiness();
  const { reset } = form;
  useEffect(() => {
    if (current.data)
      reset({ ...current.data, phone: current.data.phone ?? "", email: current.data.email ?? "" });
  }, [current.data, reset]);
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast({ title: "Business details saved", description: "Reports now carry them." }),
      onError: (error) => {
        if (!form.showServerErrors(error)) {
          toast({ variant: "destructive", title: "Not saved", description: apiErrorMessage(error) });
        }
      },
    }),
  );
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Business details</h2>
      <p className="text-xs text-gray-500">The letterhead of every report you print or export.</p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-2"
        onSubmit={onSubmit}
        noValidate
        aria-label="Business details"
      >
        <Field label="Trade name *" bind={form.field("tradeName")} />
        <Field label="Address *" bind={form.field("address")} />
        <Field label="Phone" type="tel" bind={form.field("phone")} />
        <Field label="Email" type="email" bind={form.field("email")} />
        <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={save.isPending}>
          Save details
        </Button>
      </form>
    </Card>
  );
}
