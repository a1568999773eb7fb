import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { cn } from "../lib/cn";

/** A QR code of `text`, drawn locally (labels for straws, canes and tanks), with a placeholder meanwhile. */
export function QrCode({ text, className }: { text: string; className?: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" }).then(
      (s) => live && setSvg(s),
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (!svg) return <div className={cn("h-32 w-32 animate-pulse bg-gray-100", className)} />;
  return (
    <div
      className={cn("h-32 w-32 bg-white", className)}
      data-testid="qr-label"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG generated locally by the qrcode library
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
