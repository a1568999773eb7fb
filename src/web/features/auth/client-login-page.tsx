import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { LanguageSwitch } from "../../components/language-switch";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { FormError } from "../../components/ui/form-error";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { useContractForm } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";
import { nextPath } from "../../lib/next-path";
import { authQueries, useClientLogin } from "./api";
import { PasskeyButton } from "./biometric-buttons";
import { PhoneSignInForm } from "./phone-sign-in-form";
import { clientLoginSchema } from "./schemas";

const DEMO_CLIENT = { email: "client@urithi.co.ke", password: "demo1234" };

export default function ClientLoginPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const search = useSearch();
  const form = useContractForm({
    schema: clientLoginSchema,
    initial: { email: "", password: "" },
    idPrefix: "client",
  });
  const [error, setError] = useState<string>();
  const demo = useQuery({ ...authQueries.demoAccounts(), retry: false });

  const signIn = useClientLogin();
  const welcome = (firstName: string) => {
    toast({ title: t("login.success"), description: t("login.welcome", { name: firstName }) });
    navigate(nextPath(search, "/shop"));
  };
  const login = {
    isPending: signIn.isPending,
    mutate: (credentials: { email: string; password: string }) =>
      signIn.mutate(credentials, {
        onSuccess: (session) => welcome(session.firstName),
        onError: (e) => setError(errorStatus(e) === 429 ? apiErrorMessage(e) : t("login.invalid")),
      }),
  };

  const onSubmit = form.handleSubmit(
    (credentials) => {
      setError(undefined);
      login.mutate(credentials);
    },
    () => setError(undefined),
  );

  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white p-4 dark:from-gray-950 dark:to-gray-900"
    >
      <div className="w-full max-w-md space-y-6">
        <div className="flex justify-end">
          <LanguageSwitch />
        </div>
        <div className="text-center">
          <h1 className="text-2xl font-bold">{t("login.title")}</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("login.subtitle")}</p>
        </div>
        <Card className="space-y-4 p-6">
          <div>
            <h2 className="font-semibold">{t("phone.title")}</h2>
            <p className="text-sm text-gray-600 dark:text-gray-400">{t("phone.hint")}</p>
          </div>
          <PhoneSignInForm onSignedIn={welcome} />
        </Card>
        <Card className="space-y-4 p-6">
          <h2 className="font-semibold">{t("phone.orEmail")}</h2>
          <form className="space-y-4" onSubmit={onSubmit} noValidate>
            <Field label={t("login.email")} type="email" autoComplete="email" bind={form.field("email")} />
            <Field
              label={t("login.password")}
              type="password"
              autoComplete="current-password"
              bind={form.field("password")}
            />
            <FormError message={error} />
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? t("login.signingIn") : t("login.signIn")}
            </Button>
            <p className="text-center text-sm">
              <Link
                href="/forgot-password"
                className="font-medium text-brand-700 hover:underline dark:text-brand-500"
              >
                {t("forgot.link")}
              </Link>
            </p>
          </form>
          <PasskeyButton onSignedIn={(user) => welcome(user.firstName)} />
          {/* Only where the server runs the demo (it answers 404 otherwise), and said to be one. */}
          {demo.data && (
            <div className="space-y-1">
              <Button
                variant="outline"
                className="w-full"
                disabled={login.isPending}
                onClick={() => login.mutate(DEMO_CLIENT)}
              >
                {t("login.demo")}
              </Button>
              <p className="text-center text-xs text-gray-600 dark:text-gray-400">{t("login.demoHint")}</p>
            </div>
          )}
        </Card>
        <p className="text-center text-sm text-gray-600 dark:text-gray-400">
          {t("login.newHere")}{" "}
          <Link href="/client-signup" className="font-medium text-brand-700 hover:underline">
            {t("login.createAccount")}
          </Link>{" "}
          ·{" "}
          <Link href="/" className="font-medium text-brand-700 hover:underline">
            {t("login.home")}
          </Link>
        </p>
      </div>
    </main>
  );
}
