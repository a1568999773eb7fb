import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { type CompanySettings, companySettingsSchema } from "../../../contract/settings";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { useContractForm } from "../../lib/form";
import { settingsQueries, useSaveCompany } from "./api";
import { CompanyLogo } from "./company-logo";

const empty = {
  tradeName: "",
  address: "",
  phone: "",
  email: "",
  kraPin: "",
  bhfId: "00",
  bankName: "",
  bankAccountName: "",
  bankAccountNumber: "",
  bankBranch: "",
};
const asForm = ({ hasLogo: _logo, ...c }: CompanySettings) => ({
  ...c,
  phone: c.phone ?? "",
  email: c.email ?? "",
  kraPin: c.kraPin ?? "",
});

/** The business as its documents name it: the letterhead of every report, its KRA PIN and its bank details. */
export function CompanyCard() {
  const current = useQuery(settingsQueries.company());
  const form = useContractForm({ schema: companySettingsSchema, initial: empty, idPrefix: "company" });
  const save = useSaveCompany();
  const { reset } = form;
  useEffect(() => {
    if (current.data) reset(asForm(current.data));
  }, [current.data, reset]);
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () =>
        toast({ title: "Company details saved", description: "Reports and payments now use them." }),
      onError: (error) => {
        if (!form.showServerErrors(error)) {
          toast({ variant: "destructive", title: "Not saved", description: apiErrorMessage(error) });
        }
      },
    }),
  );
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Company</h2>
      <p className="text-xs text-gray-500">
        The letterhead of every report and invoice; the PIN and branch KRA's eTIMS is told.
      </p>
      <div className="mt-3">
        <CompanyLogo hasLogo={current.data?.hasLogo ?? false} version={current.dataUpdatedAt} />
      </div>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-2"
        onSubmit={onSubmit}
        noValidate
        aria-label="Company details"
      >
        <Field label="Trade name *" bind={form.field("tradeName")} />
        <Field label="Address *" bind={form.field("address")} />
        <Field label="Phone" type="tel" bind={form.field("phone")} />
        <Field label="Email" type="email" bind={form.field("email")} />
        <Field label="KRA PIN" placeholder="P051234567X" bind={form.field("kraPin")} />
        <Field label="eTIMS branch id" hint="00 for the head office" bind={form.field("bhfId")} />
        <Field label="Bank" bind={form.field("bankName")} />
        <Field label="Account name" bind={form.field("bankAccountName")} />
        <Field label="Account number" bind={form.field("bankAccountNumber")} />
        <Field label="Bank branch" bind={form.field("bankBranch")} />
        <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={save.isPending}>
          Save details
        </Button>
      </form>
    </Card>
  );
}
