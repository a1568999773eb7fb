import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import { MIN_PASSWORD_LENGTH } from "../../../contract/auth";
import {
  counties,
  experienceLabels,
  experienceLevels,
  farmTypes,
  herdSizes,
  interests,
  type SignupPayload,
} from "../../../contract/signup";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { useFormFields } from "../../lib/use-form-fields";
import { useSignup } from "./api";

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

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export default function ClientSignupPage() {
  const [, navigate] = useLocation();
  const [form, set, _setForm] = useFormFields(empty);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string>();

  const createAccount = useSignup();
  const created = {
    onSuccess: () => {
      toast({
        title: "Welcome to Urithi",
        description: "Account created successfully! Please log in to continue.",
      });
      navigate("/client-login");
    },
    // The server's own words for what the person can fix (taken email, common password, too many tries).
    onError: (e: Error) =>
      setError(
        (errorStatus(e) ?? 500) < 500
          ? (apiErrorMessage(e) ?? "Failed to create account. Please try again.")
          : "Failed to create account. Please try again.",
      ),
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (form.password !== form.confirmPassword) return setError("Passwords do not match");
    if (form.password.length < MIN_PASSWORD_LENGTH) return setError("Password must be at least 6 characters");
    setError(undefined);
    createAccount.mutate(
      {
        ...form,
        farmType: form.farmType as SignupPayload["farmType"],
        county: form.county as SignupPayload["county"],
        herdSize: form.herdSize as SignupPayload["herdSize"],
        experience: form.experience as SignupPayload["experience"],
        interests: chosen as SignupPayload["interests"],
        userType: "client",
      },
      created,
    );
  };

  return (
    <div className="min-h-screen bg-gradient-to-br from-brand-50 to-white p-4 py-10 dark:from-gray-950 dark:to-gray-900">
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="text-center">
          <h1 className="text-2xl font-bold">Create your client account</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            Order embryos and semen and track your deliveries
          </p>
        </div>
        <Card className="p-6">
          <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
            <Field id="su-first" label="First name *">
              <Input id="su-first" required value={form.firstName} onChange={set("firstName")} />
            </Field>
            <Field id="su-last" label="Last name *">
              <Input id="su-last" required value={form.lastName} onChange={set("lastName")} />
            </Field>
            <Field id="su-email" label="Email *">
              <Input id="su-email" type="email" required value={form.email} onChange={set("email")} />
            </Field>
            <Field id="su-phone" label="Phone *">
              <Input
                id="su-phone"
                type="tel"
                required
                placeholder="+254 7XX XXX XXX"
                value={form.phone}
                onChange={set("phone")}
              />
            </Field>
            <Field id="su-password" label="Password *">
              <Input
                id="su-password"
                type="password"
                required
                autoComplete="new-password"
                value={form.password}
                onChange={set("password")}
              />
            </Field>
            <Field id="su-confirm" label="Confirm password *">
              <Input
                id="su-confirm"
                type="password"
                required
                autoComplete="new-password"
                value={form.confirmPassword}
                onChange={set("confirmPassword")}
              />
            </Field>
            <Field id="su-farm" label="Farm name *">
              <Input id="su-farm" required value={form.farmName} onChange={set("farmName")} />
            </Field>
            <Field id="su-farm-type" label="Farm type *">
              <NativeSelect id="su-farm-type" required value={form.farmType} onChange={set("farmType")}>
                <option value="" disabled>
                  Select farm type
                </option>
                {farmTypes.map((t) => (
                  <option key={t} value={t}>
                    {capital(t)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="su-location" label="Location *">
              <Input
                id="su-location"
                required
                placeholder="Town or village"
                value={form.location}
                onChange={set("location")}
              />
            </Field>
            <Field id="su-county" label="County *">
              <NativeSelect id="su-county" required value={form.county} onChange={set("county")}>
                <option value="" disabled>
                  Select county
                </option>
                {counties.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="su-herd" label="Herd size *">
              <NativeSelect id="su-herd" required value={form.herdSize} onChange={set("herdSize")}>
                <option value="" disabled>
                  Select herd size
                </option>
                {herdSizes.map((h) => (
                  <option key={h} value={h}>
                    {h} head
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="su-experience" label="Experience *">
              <NativeSelect id="su-experience" required value={form.experience} onChange={set("experience")}>
                <option value="" disabled>
                  Select experience
                </option>
                {experienceLevels.map((x) => (
                  <option key={x} value={x}>
                    {experienceLabels[x]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <fieldset className="sm:col-span-2">
              <legend className="mb-2 text-sm font-medium">Interests</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {interests.map((i) => (
                  <label key={i} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-700"
                      checked={chosen.includes(i)}
                      onChange={(e) =>
                        setChosen((c) => (e.target.checked ? [...c, i] : c.filter((x) => x !== i)))
                      }
                    />
                    {i}
                  </label>
                ))}
              </div>
            </fieldset>
            <Field id="su-notes" label="Anything else we should know?" className="sm:col-span-2">
              <Textarea id="su-notes" rows={2} value={form.notes} onChange={set("notes")} />
            </Field>
            {error && (
              <p
                className="rounded-md bg-red-50 p-2 text-sm text-red-700 sm:col-span-2 dark:bg-red-950 dark:text-red-300"
                role="alert"
              >
                {error}
              </p>
            )}
            <Button type="submit" className="sm:col-span-2" disabled={createAccount.isPending}>
              {createAccount.isPending ? "Creating account..." : "Create Account"}
            </Button>
          </form>
        </Card>
        <p className="text-center text-sm text-gray-600 dark:text-gray-400">
          Already registered?{" "}
          <Link href="/client-login" className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
