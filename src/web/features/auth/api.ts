import type { PublicKeyCredentialRequestOptionsJSON as PasskeyRequestOptions } from "@simplewebauthn/browser";
import { useMutation } from "@tanstack/react-query";
import type { ClientLogin, ClientSession, DemoAccountsResponse, MeResponse } from "../../../contract/auth";
import type { Language } from "../../../contract/languages";
import type { PhoneVerify } from "../../../contract/phone-sign-in";
import { homeOf } from "../../../contract/roles";
import type { SignupPayload } from "../../../contract/signup";
import { apiJson } from "../../lib/api";
import { chooseLanguage, currentLanguage } from "../../lib/i18n/i18n";
import { getQuery } from "../../lib/query";
import { queryClient } from "../../lib/query-client";
import { meQueryKey, refreshSession, rememberClientSession } from "../../lib/session";

export const authQueries = {
  /** The demo accounts; the server answers 404 (an error here) when demo mode is off. */
  demoAccounts: () => getQuery<DemoAccountsResponse>("/api/auth/demo-accounts"),
};

/** The language on the account is the client's choice: this device follows it from now on. */
async function followAccountLanguage(language: Language): Promise<void> {
  if (language !== currentLanguage()) await chooseLanguage(language);
}

async function clientSignIn(credentials: ClientLogin): Promise<ClientSession> {
  const session = await apiJson<ClientSession>("POST", "/api/client-login", credentials);
  rememberClientSession(session);
  const me = await refreshSession();
  if (me) await followAccountLanguage(me.user.language);
  return session;
}

export function useClientLogin() {
  return useMutation({ mutationFn: clientSignIn });
}

/** Texts a sign-in code to a mobile, in the language the visitor reads (for a number with no account yet). */
export const sendPhoneCode = (phone: string) =>
  apiJson("POST", "/api/auth/phone/start", { phone, language: currentLanguage() });

/** The code proves the mobile and signs the farmer in, creating the account when `signup` is given. */
export function usePhoneSignIn() {
  return useMutation({
    mutationFn: async (payload: PhoneVerify) => {
      const session = await apiJson<ClientSession>("POST", "/api/auth/phone/verify", {
        ...payload,
        language: currentLanguage(),
      });
      rememberClientSession(session);
      const me = await refreshSession();
      if (me) await followAccountLanguage(me.user.language);
      return session;
    },
  });
}

/** The staff login screen also signs the demo client in (its demo account list includes one). */
export function useStaffOrDemoLogin() {
  return useMutation({
    mutationFn: async ({ email, password, client }: { email: string; password: string; client: boolean }) => {
      if (client) {
        const session = await clientSignIn({ email, password });
        return { client: true as const, firstName: session.firstName, home: homeOf("client") };
      }
      const me = await apiJson<MeResponse>("POST", "/api/auth/login", { username: email, password });
      queryClient.setQueryData(meQueryKey, me);
      return { client: false as const, firstName: me.user.firstName, home: homeOf(me.user.role) };
    },
  });
}

/**
 * Signs in with a passkey, the fingerprint or face: the server's challenge goes to the device's authenticator
 * (the library is fetched on the first tap, not with every sign-in page), and its answer back to the server.
 */
export function usePasskeyLogin() {
  return useMutation({
    mutationFn: async (audience: "staff" | "client") => {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const optionsJSON = await apiJson<PasskeyRequestOptions>(
        "POST",
        "/api/auth/passkeys/login/options",
        {},
      );
      const response = await startAuthentication({ optionsJSON });
      const me = await apiJson<MeResponse>("POST", "/api/auth/passkeys/login/verify", { response, audience });
      queryClient.setQueryData(meQueryKey, me);
      if (audience === "client") {
        const { id, email, firstName, lastName, farmName, language } = me.user;
        rememberClientSession({ id, email, firstName, lastName, farmName: farmName ?? "" });
        await followAccountLanguage(language);
      }
      return me.user;
    },
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: (payload: SignupPayload) => apiJson<ClientSession>("POST", "/api/client-signup", payload),
  });
}
