import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { FormError } from "../../components/ui/form-error";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { useContractForm } from "../../lib/form";
import { useT } from "../../lib/i18n/i18n";
import { nextPath } from "../../lib/next-path";
import { useClientLogin } from "./api";
import { PasskeyButton } from "./biometric-buttons";
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
        <div className="text-center">
          <h1 className="text-2xl font-bold">{t("login.title")}</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("login.subtitle")}</p>
        </div>
        <Card className="space-y-4 p-6">
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
          <Button
            variant="outline"
            className="w-full"
            disabled={login.isPending}
            onClick={() => login.mutate(DEMO_CLIENT)}
          >
            {t("login.demo")}
          </Button>
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
