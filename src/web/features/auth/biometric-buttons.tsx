import { Fingerprint, ScanFace } from "lucide-react";
import type { SessionUser } from "../../../contract/auth";
import { PASSKEY_FAILED } from "../../../contract/passkey-words";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { useT } from "../../lib/i18n/i18n";
import { usePlatformAuthenticator } from "../../lib/platform-authenticator";
import { usePasskeyLogin } from "./api";

/**
 * SPEC's Fingerprint and Face ID buttons on the staff sign-in, shown only where the device has a platform
 * authenticator: both sign in with a passkey the person registered on their account (the device decides
 * whether it reads a finger or a face). A failure or a cancel says SPEC's words.
 */
export function BiometricButtons({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const available = usePlatformAuthenticator();
  const login = usePasskeyLogin();
  if (!available) return null;
  const signIn = () =>
    login.mutate("staff", {
      onSuccess: onSignedIn,
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Biometric sign-in failed",
          description: errorStatus(error) === 429 ? apiErrorMessage(error) : PASSKEY_FAILED,
        }),
    });

  return (
    <div className="space-y-2" data-testid="biometric-buttons">
      <p className="text-center text-xs text-gray-500">Biometric login: for internal staff only</p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={signIn} disabled={login.isPending}>
          <Fingerprint /> Fingerprint
        </Button>
        <Button variant="outline" onClick={signIn} disabled={login.isPending}>
          <ScanFace /> Face ID
        </Button>
      </div>
    </div>
  );
}

/** The client sign-in's one passkey button, in the reader's language. */
export function PasskeyButton({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const t = useT();
  const available = usePlatformAuthenticator();
  const login = usePasskeyLogin();
  if (!available) return null;
  return (
    <Button
      variant="outline"
      className="w-full"
      disabled={login.isPending}
      onClick={() =>
        login.mutate("client", {
          onSuccess: onSignedIn,
          onError: (error) =>
            toast({
              variant: "destructive",
              title: t("passkey.failedTitle"),
              description: errorStatus(error) === 429 ? apiErrorMessage(error) : t("passkey.failed"),
            }),
        })
      }
    >
      <Fingerprint /> {t("passkey.signIn")}
    </Button>
  );
}
