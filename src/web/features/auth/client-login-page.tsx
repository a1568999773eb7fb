import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { useClientLogin } from "./api";

const DEMO_CLIENT = { email: "client@urithi.co.ke", password: "demo1234" };

export default function ClientLoginPage() {
  const [, navigate] = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();

  const signIn = useClientLogin();
  const login = {
    isPending: signIn.isPending,
    mutate: (credentials: { email: string; password: string }) =>
      signIn.mutate(credentials, {
        onSuccess: (session) => {
          toast({ title: "Login Successful", description: `Welcome back, ${session.firstName}.` });
          navigate("/shop");
        },
        onError: (e) =>
          setError(
            errorStatus(e) === 429 ? apiErrorMessage(e) : "Invalid email or password. Please try again.",
          ),
      }),
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    login.mutate({ email: email.trim(), password });
  };

  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white p-4 dark:from-gray-950 dark:to-gray-900">
      <div className="w-full max-w-md space-y-6">
        <div className="text-center">
          <h1 className="text-2xl font-bold">Client Login</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">Order genetics and track your deliveries</p>
        </div>
        <Card className="space-y-4 p-6">
          <form className="space-y-4" onSubmit={onSubmit}>
            <Field id="client-email" label="Email">
              <Input
                id="client-email"
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <Field id="client-password" label="Password">
              <Input
                id="client-password"
                type="password"
                required
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            {error && (
              <p
                className="rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300"
                role="alert"
              >
                {error}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? "Signing in..." : "Sign In"}
            </Button>
          </form>
          <Button
            variant="outline"
            className="w-full"
            disabled={login.isPending}
            onClick={() => login.mutate(DEMO_CLIENT)}
          >
            Try Demo Account
          </Button>
        </Card>
        <p className="text-center text-sm text-gray-600 dark:text-gray-400">
          New here?{" "}
          <Link href="/client-signup" className="font-medium text-brand-700 hover:underline">
            Create an account
          </Link>{" "}
          ·{" "}
          <Link href="/" className="font-medium text-brand-700 hover:underline">
            Home
          </Link>
        </p>
      </div>
    </div>
  );
}
