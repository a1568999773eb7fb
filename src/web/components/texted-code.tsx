import type { FieldBinding } from "../lib/form";
import { Field } from "./ui/field";

/** "We texted a code to …" and the box the 6-digit code is typed into, as every SMS code form shows them. */
export function TextedCode({ sent, label, bind }: { sent: string; label: string; bind: FieldBinding }) {
  return (
    <>
      <p role="status" className="text-sm">
        {sent}
      </p>
      <Field label={label} inputMode="numeric" autoComplete="one-time-code" bind={bind} />
    </>
  );
}
