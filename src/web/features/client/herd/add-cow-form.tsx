import { Plus } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { toast } from "../../../components/ui/use-toast";
import { useContractForm } from "../../../lib/form";
import { useT } from "../../../lib/i18n/i18n";
import { useAddCow } from "./api";
import { cowInputSchema } from "./schemas";

const blank = { tag: "", name: "", breed: "", birthDate: "" };

/** Adds a cow in a few taps: her ear tag and breed are enough; a name and birth date if the farmer knows. */
export function AddCowForm() {
  const t = useT();
  const form = useContractForm({
    schema: cowInputSchema,
    initial: blank,
    idPrefix: "cow",
    toInput: (v) => ({
      tag: v.tag,
      breed: v.breed,
      ...(v.name.trim() && { name: v.name }),
      ...(v.birthDate && { birthDate: v.birthDate }),
    }),
  });
  const add = useAddCow();
  const onSubmit = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: (cow) => {
        toast({ title: t("herd.added"), description: cow.name ?? cow.tag });
        form.reset();
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) toast({ variant: "destructive", title: t("cow.failed") });
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={t("herd.add")}>
      <Field label={`${t("herd.tag")} *`} autoComplete="off" bind={form.field("tag")} />
      <Field label={`${t("herd.breed")} *`} bind={form.field("breed")} placeholder="Friesian" />
      <Field label={t("herd.name")} autoComplete="off" bind={form.field("name")} />
      <Field label={t("herd.birthDate")} type="date" bind={form.field("birthDate")} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          <Plus /> {add.isPending ? t("herd.adding") : t("herd.add")}
        </Button>
      </div>
    </form>
  );
}
