import { useState } from "react";
import { Link, useSearch } from "wouter";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { FormError } from "../../components/ui/form-error";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, apiJson } from "../../lib/api";
import { useContractForm } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";
import { CodeResetForm } from "./code-reset-form";
import { forgotByEmailSchema, forgotByPhoneSchema } from "./schemas";

type Way = "phone" | "email";
type Sent = { way: "phone"; phone: string } | { way: "email"; email: string };

/**
 * A forgotten password: a 6-digit code by SMS to a verified mobile (clients), or a link by email (everyone;
 * staff come with ?by=email). The server answers the same whether or not there is such an account, and so
 * does this page.
 */
export default function ForgotPasswordPage() {
  const t = useT();
  const params = new URLSearchParams(useSearch());
  const staff = params.get("by") === "email";
  const [way, setWay] = useState<Way>(staff ? "email" : "phone");
  const [sent, setSent] = useState<Sent>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const byEmail = useContractForm({
    schema: forgotByEmailSchema,
    initial: { email: "" },
    idPrefix: "forgot",
  });
  const byPhone = useContractForm({
    schema: forgotByPhoneSchema,
    initial: { phone: "" },
    idPrefix: "forgot",
  });

  const send = async (body: { email: string } | { phone: string }) => {
    setError(undefined);
    setPending(true);
    try {
      await apiJson("POST", "/api/auth/forgot-password", body);
      if (sent) toast({ title: t("forgot.resent") });
      setSent("phone" in body ? { way: "phone", phone: body.phone } : { way: "email", email: body.email });
    } catch (e) {
      setError(apiErrorMessage(e) ?? t("forgot.failed"));
    } finally {
      setPending(false);
    }
  };
  const onSubmit = way === "phone" ? byPhone.handleSubmit(send) : byEmail.handleSubmit(send);
  const signIn = staff ? "/login" : "/client-login";

  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-screen items-start justify-center bg-gradient-to-br from-brand-50 to-white p-4 pt-10 dark:from-gray-950 dark:to-gray-900"
    >
      <Card className="w-full max-w-md space-y-4 p-6">
        <h1 className="text-2xl font-bold">{t("title.forgot")}</h1>
        {sent?.way === "phone" ? (
          <CodeResetForm
            phone={sent.phone}
            onResend={() => send({ phone: sent.phone })}
            resending={pending}
          />
        ) : sent?.way === "email" ? (
          <p role="status" className="text-sm">
            {t("forgot.emailSent", { email: sent.email })}
          </p>
        ) : (
          <form className="space-y-4" onSubmit={onSubmit} noValidate>
            {!staff && (
              <div role="radiogroup" aria-label={t("forgot.how")} className="grid grid-cols-2 gap-2">
                {(["phone", "email"] as const).map((w) => (
                  <Button
                    key={w}
                    type="button"
                    role="radio"
                    aria-checked={way === w}
                    variant={way === w ? "default" : "outline"}
                    className="h-auto min-h-11 whitespace-normal py-2"
                    onClick={() => {
                      setWay(w);
                      setError(undefined);
                    }}
                  >
                    {t(w === "phone" ? "forgot.bySms" : "forgot.byEmail")}
                  </Button>
                ))}
              </div>
            )}
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {t(way === "phone" ? "forgot.phoneHint" : "forgot.emailHint")}
            </p>
            {way === "phone" ? (
              <Field
                label={t("forgot.phone")}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                placeholder="0712 345 678"
                bind={byPhone.field("phone")}
              />
            ) : (
              <Field
                label={t("login.email")}
                type="email"
                autoComplete="email"
                bind={byEmail.field("email")}
              />
            )}
            <FormError message={error} />
            <Button type="submit" className="w-full" disabled={pending}>
              {pending ? t("forgot.sending") : t(way === "phone" ? "forgot.sendCode" : "forgot.sendLink")}
            </Button>
          </form>
        )}
        <p className="text-center text-sm">
          <Link href={signIn} className="font-medium text-brand-700 hover:underline dark:text-brand-500">
            {t("forgot.back")}
          </Link>
        </p>
      </Card>
    </main>
  );
}
