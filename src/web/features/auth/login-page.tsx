import { useQuery } from "@tanstack/react-query";
import { Eye, EyeOff, Loader2, LogIn } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { SESSION_IDLE_MINUTES } from "../../../contract/account-rules";
import { homeOf } from "../../../contract/roles";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { useTextField } from "../../lib/form";
import { useSession } from "../../lib/session";
import { authQueries, useStaffOrDemoLogin } from "./api";
import { BiometricButtons } from "./biometric-buttons";

type Credentials = { email: string; password: string; client: boolean };

export default function LoginPage() {
  const [, navigate] = useLocation();
  const email = useTextField("email");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const demo = useQuery(authQueries.demoAccounts());
  const session = useSession();
  const signIn = useStaffOrDemoLogin();
  const login = {
    isPending: signIn.isPending,
    mutate: (credentials: Credentials) => signIn.mutate(credentials, signedIn),
  };
  const signedIn = {
    onSuccess: (result: { firstName: string; home: string }) => {
      toast({ title: "Login Successful", description: `Welcome back, ${result.firstName}.` });
      navigate(result.home);
    },
    onError: (error: Error) => {
      const throttled = errorStatus(error) === 429;
      toast({
        variant: "destructive",
        title: "Login Failed",
        description: throttled ? apiErrorMessage(error) : "Invalid username or password",
      });
    },
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.value.trim() || !password) {
      toast({
        variant: "destructive",
        title: "Missing Information",
        description: "Please enter both username and password",
      });
      return;
    }
    login.mutate({ email: email.value.trim(), password, client: false });
  };

  // Already signed in: the form would only sign the same person in again.
  const signedInAs = session.data?.user;
  if (signedInAs) return <Redirect to={homeOf(signedInAs.role)} />;

  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-screen items-start justify-center bg-gradient-to-br from-brand-50 to-white p-4 dark:from-gray-950 dark:to-gray-900"
    >
      {/* From the top, with the links before the demo list: the list arrives late, below everything. */}
      <div className="w-full max-w-md space-y-6 pt-6 sm:pt-16">
        <div className="text-center">
          <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-800 text-xl font-bold text-white">
            U
          </div>
          <h1 className="mt-3 text-2xl font-bold">Urithi Staff Login</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">Cattle genetics ERP back office</p>
        </div>

        <Card className="space-y-5 p-6">
          <form className="space-y-4" onSubmit={onSubmit} noValidate>
            <Field
              label="Email"
              type="email"
              autoComplete="username"
              placeholder="you@urithi.co.ke"
              bind={email}
            />
            <div className="space-y-2">
              <Label htmlFor="password">Password</Label>
              <div className="relative">
                <Input
                  id="password"
                  type={showPassword ? "text" : "password"}
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  className="pr-10"
                />
                <button
                  type="button"
                  className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-gray-500 hover:text-gray-800 dark:hover:text-gray-200"
                  aria-label={showPassword ? "Hide password" : "Show password"}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  {showPassword ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
                </button>
              </div>
            </div>
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? <Loader2 className="animate-spin" /> : <LogIn />}
              Sign In
            </Button>
            <p className="text-center text-sm">
              <Link
                href="/forgot-password?by=email"
                className="font-medium text-brand-700 hover:underline dark:text-brand-500"
              >
                Forgot password?
              </Link>
            </p>
          </form>

          <BiometricButtons
            onSignedIn={(user) => signedIn.onSuccess({ home: homeOf(user.role), firstName: user.firstName })}
          />

          <p className="text-center text-xs text-gray-500 dark:text-gray-400">
            For security you are logged out automatically after {SESSION_IDLE_MINUTES} minutes of inactivity.
          </p>
        </Card>

        <p className="text-center text-sm text-gray-600 dark:text-gray-400">
          A client?{" "}
          <Link
            href="/client-login"
            className="font-medium text-brand-700 hover:underline dark:text-brand-500"
          >
            Sign in to the client portal
          </Link>{" "}
          ·{" "}
          <Link href="/" className="font-medium text-brand-700 hover:underline dark:text-brand-500">
            Home
          </Link>
        </p>

        {demo.data?.enabled && (
          <Card className="p-4">
            <h2 className="text-sm font-semibold">Demo accounts</h2>
            <p className="mb-3 text-xs text-gray-500 dark:text-gray-400">
              Click one to sign in at once (password {demo.data.password}).
            </p>
            <ul className="space-y-1.5">
              {demo.data.accounts.map((account) => (
                <li key={account.email}>
                  <button
                    type="button"
                    disabled={login.isPending}
                    className="flex w-full items-center justify-between gap-2 rounded-md border border-gray-200 px-3 py-2 text-left text-sm hover:border-brand-600 hover:bg-brand-50 disabled:opacity-50 dark:border-gray-700 dark:hover:bg-gray-800"
                    onClick={() =>
                      login.mutate({
                        email: account.email,
                        password: demo.data.password ?? "",
                        client: account.role === "client",
                      })
                    }
                  >
                    <span className="min-w-0">
                      <span className="block font-medium">{account.roleLabel}</span>
                      <span className="block truncate text-xs text-gray-500 dark:text-gray-400">
                        {account.email}
                      </span>
                    </span>
                    <span className="shrink-0 text-xs text-gray-500">{account.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </main>
  );
}
