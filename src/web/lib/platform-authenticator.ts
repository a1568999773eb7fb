import { useEffect, useState } from "react";

async function platformAuthenticatorAvailable(): Promise<boolean> {
  try {
    return (await window.PublicKeyCredential?.isUserVerifyingPlatformAuthenticatorAvailable?.()) === true;
  } catch {
    return false;
  }
}

/**
 * Whether this device has a fingerprint reader or face camera a passkey can use (null until it answers): the
 * sign-in buttons and the account page's "Add a passkey" show only where it does.
 */
export function usePlatformAuthenticator(): boolean | null {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    platformAuthenticatorAvailable().then((ok) => live && setAvailable(ok));
    return () => {
      live = false;
    };
  }, []);
  return available;
}
