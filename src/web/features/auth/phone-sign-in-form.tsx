import { useState } from "react";
import { counties } from "../../../contract/farm-profile";
import type { PhoneSignup } from "../../../contract/phone-sign-in";
import { TextedCode } from "../../components/texted-code";
import { Button } from "../../components/ui/button";
import { Field, optionsOf } from "../../components/ui/field";
import { FormError } from "../../components/ui/form-error";
import { toast } from "../../components/ui/use-toast";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { farmTypeOptions } from "../../lib/farm-options";
import { useContractForm } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";
import { sendPhoneCode, usePhoneSignIn } from "./api";
import { MarketingConsent } from "./marketing-consent";
import { phoneCodeFormSchema, phoneFormSchema, phoneSignupSchema } from "./schemas";

/**
 * Sign-in (and sign-up) with a Kenyan mobile and a 6-digit SMS code, no email needed. On signup the name,
 * county and farm type are asked with the code; on sign-in only when the number turns out to have no account.
 */
export function PhoneSignInForm({
  signup = false,
  onSignedIn,
}: {
  signup?: boolean;
  onSignedIn: (firstName: string) => void;
}) {
  const t = useT();
  const [phone, setPhone] = useState<string>();
  const [askNames, setAskNames] = useState(signup);
  const [marketing, setMarketing] = useState(false);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const number = useContractForm({ schema: phoneFormSchema, initial: { phone: "" }, idPrefix: "ph" });
  const code = useContractForm({ schema: phoneCodeFormSchema, initial: { code: "" }, idPrefix: "ph" });
  const names = useContractForm({
    schema: phoneSignupSchema,
    initial: { firstName: "", lastName: "", county: "", farmType: "" },
    idPrefix: "ph",
  });
  const verify = usePhoneSignIn();

  const send = async (to: string) => {
    setError(undefined);
    setSending(true);
    try {
      await sendPhoneCode(to);
      if (phone) toast({ title: t("forgot.resent") });
      setPhone(to);
    } catch (e) {
      setError(apiErrorMessage(e) ?? t("forgot.failed"));
    } finally {
      setSending(false);
    }
  };

  const signIn = (given: { code: string }, signup?: PhoneSignup) => {
    setError(undefined);
    verify.mutate(
      { phone: phone!, code: given.code, signup, marketingConsent: marketing },
      {
        onSuccess: (session) => onSignedIn(session.firstName),
        onError: (e) => {
          if (e instanceof ApiError && e.code === "SIGNUP_NEEDED") {
            setAskNames(true);
            setError(t("phone.noAccount"));
            return;
          }
          code.showServerErrors(e);
          names.showServerErrors(e);
          setError(apiErrorMessage(e) ?? t("forgot.failed"));
        },
      },
    );
  };
  const onCode = code.handleSubmit((given) => {
    if (!askNames) return signIn(given);
    void names.handleSubmit((fields) => signIn(given, fields))();
  });

  if (!phone) {
    return (
      <form className="space-y-4" onSubmit={number.handleSubmit((v) => send(v.phone))} noValidate>
        <Field
          label={t("forgot.phone")}
          type="tel"
          autoComplete="tel"
          placeholder="07XX XXX XXX"
          bind={number.field("phone")}
        />
        <FormError message={error} />
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? t("forgot.sending") : t("forgot.sendCode")}
        </Button>
      </form>
    );
  }
  return (
    <form className="space-y-4" onSubmit={onCode} noValidate>
      <TextedCode sent={t("phone.codeSent", { phone })} label={t("forgot.code")} bind={code.field("code")} />
      {askNames && (
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-medium">{t("phone.aboutYou")}</legend>
          <Field label={t("signup.firstName")} autoComplete="given-name" bind={names.field("firstName")} />
          <Field label={t("signup.lastName")} autoComplete="family-name" bind={names.field("lastName")} />
          <Field
            label={t("signup.county")}
            placeholder={t("signup.countyHint")}
            options={optionsOf(counties)}
            bind={names.field("county")}
          />
          <Field
            label={t("signup.farmType")}
            placeholder={t("signup.farmTypeHint")}
            options={farmTypeOptions()}
            bind={names.field("farmType")}
          />
          <MarketingConsent checked={marketing} onChange={setMarketing} />
        </fieldset>
      )}
      <FormError message={error} />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? t("login.signingIn") : t(askNames ? "phone.create" : "login.signIn")}
      </Button>
      <Button type="button" variant="ghost" className="w-full" disabled={sending} onClick={() => send(phone)}>
        {t("forgot.resend")}
      </Button>
    </form>
  );
}
