import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import type { AccountSecurity, ChangePassword, MeResponse, MessagingChoice } from "../../../contract/auth";
import type { Consents, DeleteAccount, MarketingConsentInput } from "../../../contract/data-rights";
import type { Passkey } from "../../../contract/passkeys";
import type { ClientTaxDetails, ClientTaxDetailsInput } from "../../../contract/settings";
import type { ClientProfile } from "../../../contract/signup";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

const securityPath = "/api/auth/security";

export const accountQueries = {
  security: () => getQuery<AccountSecurity>(securityPath),
};

/** Each change here ends sessions, so the session list refetches. */
const invalidates = [securityPath];

export const useChangePassword = () =>
  useApiMutation((input: ChangePassword) => apiJson<{ ok: true }>("POST", "/api/auth/password", input), {
    invalidates,
  });

export const useEndSession = () =>
  useApiMutation((id: number) => apiJson<{ ended: number }>("DELETE", `/api/auth/sessions/${id}`), {
    invalidates,
  });

export const useEndOtherSessions = () =>
  useApiMutation(() => apiJson<{ ended: number }>("POST", "/api/auth/sessions/end-others"), { invalidates });

/** SMS, email or both for order and payment messages, and the mobile number texts go to. */
export const useChooseMessaging = () =>
  useApiMutation((choice: MessagingChoice) => apiJson<MeResponse>("PUT", "/api/auth/messaging", choice), {
    invalidates: ["/api/auth/me"],
  });

const taxDetailsPath = "/api/client/tax-details";
export const taxDetailsQuery = () => getQuery<ClientTaxDetails>(taxDetailsPath);

/** The client's KRA PIN, for the invoices issued from now on. */
export const useSaveTaxDetails = () =>
  useApiMutation((input: ClientTaxDetailsInput) => apiJson<ClientTaxDetails>("PUT", taxDetailsPath, input), {
    invalidates: [taxDetailsPath],
  });

/** Texts a code to the account's mobile; the code proves the number (a forgotten password by SMS needs it). */
export const useSendPhoneCode = () =>
  useApiMutation(() => apiJson<{ sent: true }>("POST", "/api/auth/phone/verification", {}), {
    invalidates: [],
  });

export const useConfirmPhone = () =>
  useApiMutation(
    (code: string) => apiJson<MeResponse>("POST", "/api/auth/phone/verification/confirm", { code }),
    {
      invalidates: ["/api/auth/me"],
    },
  );

const passkeysPath = "/api/auth/passkeys";
export const passkeysQuery = () => getQuery<Passkey[]>(passkeysPath);

/**
 * Adds a passkey: the server's options go to the device's authenticator (the library is fetched on the tap),
 * which asks for the fingerprint or face, and the new credential goes back under the name given.
 */
export const useAddPasskey = () =>
  useApiMutation(
    async (name: string) => {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const optionsJSON = await apiJson<PublicKeyCredentialCreationOptionsJSON>(
        "POST",
        "/api/auth/passkeys/register/options",
        {},
      );
      const response = await startRegistration({ optionsJSON });
      return apiJson<Passkey>("POST", "/api/auth/passkeys/register/verify", { response, name });
    },
    { invalidates: [passkeysPath] },
  );

export const useRemovePasskey = () =>
  useApiMutation((id: number) => apiJson<{ removed: 1 }>("DELETE", `${passkeysPath}/${id}`), {
    invalidates: [passkeysPath],
  });

const consentsPath = "/api/client/consents";
export const consentsQuery = () => getQuery<Consents>(consentsPath);

/** Marketing messages on or off, with the words shown in the reader's language. */
export const useMarketingConsent = () =>
  useApiMutation(
    (input: MarketingConsentInput) => apiJson<Consents>("PUT", `${consentsPath}/marketing`, input),
    { invalidates: [consentsPath] },
  );

export const myDataUrl = "/api/client/my-data";

/** Deletes the account (anonymised; orders, payments and invoices kept). */
export const useDeleteAccount = () =>
  useApiMutation(
    (input: DeleteAccount) => apiJson<{ deleted: true }>("DELETE", "/api/client/account", input),
    {
      invalidates: [],
    },
  );

/** Texts a code that confirms deleting an account with no password (a farmer who signs in by phone). */
export const useSendDeletionCode = () =>
  useApiMutation(() => apiJson<{ sent: true }>("POST", "/api/client/account/deletion-code", {}), {
    invalidates: [],
  });

const profilePath = "/api/client/profile";
export const profileQuery = () => getQuery<ClientProfile>(profilePath);

/** The farmer's corrected details; the session's name follows. */
export const useSaveProfile = () =>
  useApiMutation((input: ClientProfile) => apiJson<ClientProfile>("PUT", profilePath, input), {
    invalidates: [profilePath, "/api/auth/me"],
  });
