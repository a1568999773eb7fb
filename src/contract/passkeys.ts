import { z } from "zod";
import { requiredText } from "./primitives";

/** What a browser's WebAuthn answer looks like on the way in; the library checks the rest (a bad one is 400). */
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1366),
  rawId: z.string().min(1).max(1366),
  type: z.literal("public-key"),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** The options the browser passes to navigator.credentials (create or get), as @simplewebauthn makes them. */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string(), timeout: z.number().optional() });

export const passkeyName = () => requiredText("Name").max(60);

/** POST /api/auth/passkeys/register/verify: the new credential and the name the person gives it. */
export const passkeyRegisterSchema = z.object({ response: credentialJson, name: passkeyName() });

/** POST /api/auth/passkeys/login/verify: the signed challenge, on the staff sign-in or the client's. */
export const passkeyLoginSchema = z.object({
  response: credentialJson,
  audience: z.enum(["staff", "client"]).default("staff"),
});

/** PATCH /api/auth/passkeys/:id */
export const passkeyRenameSchema = z.object({ name: passkeyName() });

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced to the person's cloud account, so it survives a lost phone. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export { PASSKEY_FAILED, PASSKEY_TIMEOUT_MS, PASSKEY_UNSUPPORTED } from "./passkey-words";
