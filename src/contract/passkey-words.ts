/** How long the browser waits for the fingerprint or face (SPEC: 60,000 ms). */
export const PASSKEY_TIMEOUT_MS = 60_000;

/** SPEC's words for biometric sign-in (no Zod here: the sign-in screens draw before Zod arrives). */
export const PASSKEY_UNSUPPORTED = "Your device doesn't support biometric authentication";
export const PASSKEY_FAILED = "Please try again or use password login";
