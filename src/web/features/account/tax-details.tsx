import { useQuery } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { useContractForm } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";
import { taxDetailsQuery, useSaveTaxDetails } from "./api";
import { clientTaxDetailsSchema } from "./schemas";

/** The client's KRA PIN, which their tax invoices carry so a farm company can claim the expense. */
function TaxDetailsForm({ kraPin }: { kraPin: string | null }) {
  const t = useT();
  const form = useContractForm({
    schema: clientTaxDetailsSchema,
    initial: { kraPin: kraPin ?? "" },
    idPrefix: "tax",
    toInput: (v) => ({ kraPin: v.kraPin }),
  });
  const save = useSaveTaxDetails();
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast({ title: t("taxpin.title"), description: t("taxpin.saved") }),
      onError: (error) => {
        if (!form.showServerErrors(error)) {
          toast({ variant: "destructive", title: t("taxpin.title"), description: t("taxpin.failed") });
        }
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("taxpin.title")}>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("taxpin.hint")}</p>
      <Field
        label={t("taxpin.label")}
        autoComplete="off"
        placeholder="P051234567X"
        bind={form.field("kraPin")}
      />
      <Button type="submit" disabled={save.isPending}>
        {t("taxpin.save")}
      </Button>
    </form>
  );
}

export function TaxDetails() {
  const t = useT();
  const details = useQuery(taxDetailsQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("taxpin.title")}</CardTitle>
      </CardHeader>
      <CardContent>{details.data && <TaxDetailsForm kraPin={details.data.kraPin} />}</CardContent>
    </Card>
  );
}
