import { Camera, Search } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import type { InventoryItem } from "../../../contract/inventory";
import { storeLabelPattern } from "../../../contract/store-labels";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { ModalDialog } from "../../components/ui/form-dialog";
import { apiJson, errorStatus } from "../../lib/api";
import { useTextField } from "../../lib/form";

interface DetectedCode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

function barcodeDetector(): BarcodeDetectorCtor | undefined {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
}

/**
 * Reads any label the system prints (an item's, a tank's, a canister's, a cane's) with the camera where the
 * browser can, or takes the code typed in: an item opens its record, a store label the tank map at it.
 */
export function QrScanDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [, navigate] = useLocation();
  const code = useTextField("scan-code");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const canScan = typeof navigator !== "undefined" && !!navigator.mediaDevices && !!barcodeDetector();

  const openItem = async (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) {
      setError("Enter the code printed on the label");
      return;
    }
    // A tank, canister or cane label opens the tank map at what it holds.
    if (storeLabelPattern.test(trimmed)) {
      onOpenChange(false);
      navigate(`/storage?view=map&find=${encodeURIComponent(trimmed.toUpperCase())}`);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const item = await apiJson<InventoryItem>(
        "GET",
        `/api/inventory/lookup?code=${encodeURIComponent(trimmed)}`,
      );
      onOpenChange(false);
      navigate(`/genetic-inventory?item=${item.id}`);
    } catch (e) {
      setError(
        errorStatus(e) === 404
          ? `No inventory item has the code ${trimmed}`
          : "The lookup failed. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  };

  // The camera loop outlives renders; it calls whatever openItem is current when a code is found.
  const openItemRef = useRef(openItem);
  openItemRef.current = openItem;

  useEffect(() => {
    if (!open) {
      setScanning(false);
      code.set("");
      setError(undefined);
    }
  }, [open, code.set]);

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!scanning || !Detector) return;
    let stream: MediaStream | undefined;
    let frame = 0;
    let stopped = false;
    const detector = new Detector({ formats: ["qr_code", "code_128", "data_matrix"] });
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
        if (stopped || !videoRef.current) return;
        videoRef.current.srcObject = stream;
        await videoRef.current.play();
        const tick = async () => {
          if (stopped || !videoRef.current) return;
          const found = await detector.detect(videoRef.current).catch(() => []);
          if (found[0]) {
            setScanning(false);
            code.set(found[0].rawValue);
            void openItemRef.current(found[0].rawValue);
            return;
          }
          frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      } catch {
        setError("The camera could not be opened. Type the code instead.");
        setScanning(false);
      }
    })();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [scanning, code.set]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void openItem(code.value);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Scan QR Code"
      description={<>Scan an item, tank, canister or cane label, or type the code printed on it.</>}
    >
      {canScan && (
        <div className="space-y-2">
          {scanning ? (
            <video ref={videoRef} className="aspect-video w-full rounded-md bg-black" muted playsInline />
          ) : (
            <Button variant="outline" className="w-full" onClick={() => setScanning(true)}>
              <Camera /> Use camera
            </Button>
          )}
        </div>
      )}
      <form className="space-y-3" onSubmit={onSubmit}>
        <Field
          label="Label code"
          placeholder="e.g. EMB-HF-001 or T1-C3-2"
          autoComplete="off"
          bind={{ ...code, error }}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          <Search /> Open
        </Button>
      </form>
    </ModalDialog>
  );
}
