import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { counties, interests } from "../../../contract/farm-profile";
import { LanguageSwitch } from "../../components/language-switch";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, optionsOf } from "../../components/ui/field";
import { FormError } from "../../components/ui/form-error";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { experienceOptions, farmTypeOptions, herdOptions } from "../../lib/farm-options";
import { useContractForm } from "../../lib/form";
import { currentLanguage, useT } from "../../lib/i18n/i18n";
import { nextPath } from "../../lib/next-path";
import { useSignup } from "./api";
import { MarketingConsent } from "./marketing-consent";
import { PhoneSignInForm } from "./phone-sign-in-form";
import { signupSchema } from "./schemas";

const empty = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  password: "",
  confirmPassword: "",
  farmName: "",
  farmType: "",
  location: "",
  county: "",
  herdSize: "",
  experience: "",
  notes: "",
};

function Interests({ chosen, onChange }: { chosen: string[]; onChange: (chosen: string[]) => void }) {
  const t = useT();
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium">{t("signup.interests")}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {interests.map((i) => (
          <label key={i} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={chosen.includes(i)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, i] : chosen.filter((x) => x !== i))}
            />
            {t(`interest.${i}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function ClientSignupPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [chosen, setChosen] = useState<string[]>([]);
  const [marketing, setMarketing] = useState(false);
  const [error, setError] = useState<string>();
  const form = useContractForm({
    schema: signupSchema,
    initial: empty,
    idPrefix: "su",
    // The account keeps the language the farmer was reading, for the messages we send them.
    toInput: (v) => ({
      ...v,
      interests: chosen,
      marketingConsent: marketing,
      userType: "client",
      language: currentLanguage(),
    }),
  });
  const createAccount = useSignup();

  const onSubmit = form.handleSubmit(
    (account) => {
      setError(undefined);
      createAccount.mutate(account, {
        onSuccess: () => {
          toast({
            title: t("signup.welcome"),
            description: t("signup.created"),
          });
          // Signing in after signing up goes on where the farmer was headed (their cart's checkout).
          navigate(search ? `/client-login?${search}` : "/client-login");
        },
        // The server's own words for what the person can fix (taken email, common password, too many tries).
        onError: (e) => {
          form.showServerErrors(e);
          setError(
            (errorStatus(e) ?? 500) < 500 ? (apiErrorMessage(e) ?? t("signup.failed")) : t("signup.failed"),
          );
        },
      });
    },
    () => setError(undefined),
  );

  return (
    <main
      id="main"
      tabIndex={-1}
      className="min-h-screen bg-gradient-to-br from-brand-50 to-white p-4 py-10 dark:from-gray-950 dark:to-gray-900"
    >
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="flex justify-end">
          <LanguageSwitch />
        </div>
        <div className="text-center">
          <h1 className="text-2xl font-bold">{t("signup.title")}</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("signup.subtitle")}</p>
        </div>
        <Card className="space-y-4 p-6">
          <div>
            <h2 className="font-semibold">{t("phone.signupTitle")}</h2>
            <p className="text-sm text-gray-600 dark:text-gray-400">{t("phone.hint")}</p>
          </div>
          <PhoneSignInForm
            signup
            onSignedIn={(name) => {
              toast({ title: t("signup.welcome"), description: t("login.welcome", { name }) });
              navigate(nextPath(search, "/shop"));
            }}
          />
        </Card>
        <Card className="space-y-4 p-6">
          <h2 className="font-semibold">{t("phone.orEmail")}</h2>
          <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
            <Field label={t("signup.firstName")} bind={form.field("firstName")} />
            <Field label={t("signup.lastName")} bind={form.field("lastName")} />
            <Field label={t("signup.email")} type="email" bind={form.field("email")} />
            <Field
              label={t("signup.phone")}
              type="tel"
              placeholder="+254 7XX XXX XXX"
              bind={form.field("phone")}
            />
            <Field
              label={t("signup.password")}
              type="password"
              autoComplete="new-password"
              bind={form.field("password")}
            />
            <Field
              label={t("signup.confirm")}
              type="password"
              autoComplete="new-password"
              bind={form.field("confirmPassword")}
            />
            <Field label={t("signup.farmName")} bind={form.field("farmName")} />
            <Field
              label={t("signup.farmType")}
              placeholder={t("signup.farmTypeHint")}
              options={farmTypeOptions()}
              bind={form.field("farmType")}
            />
            <Field
              label={t("signup.location")}
              placeholder={t("signup.locationHint")}
              bind={form.field("location")}
            />
            <Field
              label={t("signup.county")}
              placeholder={t("signup.countyHint")}
              options={optionsOf(counties)}
              bind={form.field("county")}
            />
            <Field
              label={t("signup.herd")}
              placeholder={t("signup.herdHint")}
              options={herdOptions()}
              bind={form.field("herdSize")}
            />
            <Field
              label={t("signup.experience")}
              placeholder={t("signup.experienceHint")}
              options={experienceOptions()}
              bind={form.field("experience")}
            />
            <Interests chosen={chosen} onChange={setChosen} />
            <Field label={t("signup.notes")} rows={2} wide bind={form.field("notes")} />
            <MarketingConsent checked={marketing} onChange={setMarketing} className="sm:col-span-2" />
            <p className="text-sm sm:col-span-2">
              <Link
                href="/privacy"
                className="font-medium text-brand-700 hover:underline dark:text-brand-500"
              >
                {t("signup.privacy")}
              </Link>
            </p>
            <FormError message={error} className="sm:col-span-2" />
            <Button type="submit" className="sm:col-span-2" disabled={createAccount.isPending}>
              {createAccount.isPending ? t("signup.creating") : t("signup.create")}
            </Button>
          </form>
        </Card>
        <p className="text-center text-sm text-gray-600 dark:text-gray-400">
          {t("signup.already")}{" "}
          <Link href="/client-login" className="font-medium text-brand-700 hover:underline">
            {t("signup.signIn")}
          </Link>
        </p>
      </div>
    </main>
  );
}
