import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { counties } from "../../../contract/farm-profile";
import type { ClientProfile } from "../../../contract/signup";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Field, optionsOf } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { experienceOptions, farmTypeOptions, herdOptions } from "../../lib/farm-options";
import { useContractForm } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";
import { profileQuery, useSaveProfile } from "./api";
import { clientProfileSchema } from "./schemas";

const blank: Record<keyof ClientProfile, string> = {
  firstName: "",
  lastName: "",
  email: "",
  farmName: "",
  farmType: "",
  location: "",
  county: "",
  herdSize: "",
  experience: "",
};

/** The farmer corrects every detail of their profile (DPA 2019, s.40); the change is audited. */
export function ProfileCard() {
  const t = useT();
  const profile = useQuery(profileQuery());
  const save = useSaveProfile();
  const form = useContractForm({ schema: clientProfileSchema, initial: blank, idPrefix: "profile" });
  const { reset } = form;
  useEffect(() => {
    if (profile.data) reset({ ...profile.data });
  }, [profile.data, reset]);
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast({ title: t("profile.saved") }),
      onError: (e) => {
        if (!form.showServerErrors(e)) toast({ variant: "destructive", title: t("profile.failed") });
      },
    }),
  );
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>{t("profile.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={onSubmit}
          noValidate
          aria-label={t("profile.title")}
        >
          <Field label={t("signup.firstName")} autoComplete="given-name" bind={form.field("firstName")} />
          <Field label={t("signup.lastName")} autoComplete="family-name" bind={form.field("lastName")} />
          <Field label={t("signup.email")} type="email" autoComplete="email" bind={form.field("email")} />
          <Field label={t("signup.farmName")} bind={form.field("farmName")} />
          <Field label={t("signup.farmType")} options={farmTypeOptions()} bind={form.field("farmType")} />
          <Field label={t("signup.location")} bind={form.field("location")} />
          <Field label={t("signup.county")} options={optionsOf(counties)} bind={form.field("county")} />
          <Field label={t("signup.herd")} options={herdOptions()} bind={form.field("herdSize")} />
          <Field
            label={t("signup.experience")}
            options={experienceOptions()}
            bind={form.field("experience")}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending || !profile.data}>
              {save.isPending ? t("notify.saving") : t("profile.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
