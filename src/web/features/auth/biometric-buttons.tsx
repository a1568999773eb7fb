import { Fingerprint, ScanFace } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";

async function platformAuthenticatorAvailable(): Promise<boolean> {
  try {
    return (await window.PublicKeyCredential?.isUserVerifyingPlatformAuthenticatorAvailable?.()) === true;
  } catch {
    return false;
  }
}

/**
 * Fingerprint and face sign-in, shown only where the device has a platform authenticator.
 * Passkeys are not enrolled yet, so the buttons say so rather than pretend to sign anyone in.
 */
export function BiometricButtons() {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let live = true;
    platformAuthenticatorAvailable().then((ok) => live && setAvailable(ok));
    return () => {
      live = false;
    };
  }, []);
  if (!available) return null;

  const explain = () =>
    toast({
      title: "Biometric sign-in is not set up for your account yet",
      description: "Please try again or use password login",
    });

  return (
    <div className="space-y-2" data-testid="biometric-buttons">
      <p className="text-center text-xs text-gray-500">Biometric login: for internal staff only</p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={explain}>
          <Fingerprint /> Fingerprint
        </Button>
        <Button variant="outline" onClick={explain}>
          <ScanFace /> Face ID
        </Button>
      </div>
    </div>
  );
}
