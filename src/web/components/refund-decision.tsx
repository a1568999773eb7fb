import { type ReactNode, useState } from "react";
import { type PaymentMethod, paymentMethodLabels, paymentMethods } from "../../contract/orders";
import type { RefundDecision } from "../../contract/payments";
import { formatKes } from "../lib/format";
import { Field } from "./ui/field";
import { Input } from "./ui/input";
import { NativeSelect } from "./ui/native-select";

const methodOptions = paymentMethods.map((m) => [m, paymentMethodLabels[m]] as const);
type Value<T> = [value: T, set: (value: T) => void];

/** How much goes back, how and its reference: the refund form's and the refund decision's fields. */
export function RefundMoneyFields(props: {
  id: string;
  amountLabel: string;
  amount: Value<string>;
  method: Value<PaymentMethod>;
  reference: Value<string>;
}) {
  const { id } = props;
  return (
    <>
      <Field label={props.amountLabel} id={`${id}-amount`}>
        <Input
          id={`${id}-amount`}
          inputMode="numeric"
          value={props.amount[0]}
          onChange={(e) => props.amount[1](e.target.value)}
        />
      </Field>
      <Field label="Refunded by" id={`${id}-method`}>
        <NativeSelect
          id={`${id}-method`}
          value={props.method[0]}
          onChange={(e) => props.method[1](e.target.value as PaymentMethod)}
        >
          {methodOptions.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Reference" id={`${id}-reference`}>
        <Input
          id={`${id}-reference`}
          value={props.reference[0]}
          onChange={(e) => props.reference[1](e.target.value)}
        />
      </Field>
    </>
  );
}

/**
 * What happens to the money an order holds when it is rejected or cancelled: paid back now (the whole by
 * default, with how and a reference) or marked to refund later. Nothing to decide when it holds nothing.
 */
export function useRefundDecision(
  heldKes: number,
  idPrefix: string,
): { decision: RefundDecision | undefined; fields: ReactNode } {
  const fresh = {
    heldKes,
    mode: "now" as "now" | "later",
    amount: String(heldKes),
    method: "mpesa" as PaymentMethod,
    reference: "",
  };
  const [edits, setEdits] = useState(fresh);
  // Another order (or the same one holding another sum) starts afresh: the whole sum, refunded now.
  const { mode, amount, method, reference } = edits.heldKes === heldKes ? edits : fresh;
  const set = (change: Partial<typeof fresh>) =>
    setEdits((e) => ({ ...(e.heldKes === heldKes ? e : fresh), ...change }));
  const setMode = (m: "now" | "later") => set({ mode: m });
  const setAmount = (a: string) => set({ amount: a });
  const setMethod = (m: PaymentMethod) => set({ method: m });
  const setReference = (r: string) => set({ reference: r });
  if (heldKes <= 0) return { decision: undefined, fields: null };
  const decision: RefundDecision =
    mode === "later" ? "later" : { amountKes: Number(amount), method, reference: reference.trim() || null };
  const fields = (
    <fieldset className="space-y-3 rounded-md border border-amber-300 p-3 dark:border-amber-700">
      <legend className="px-1 text-sm font-medium">This order holds {formatKes(heldKes)} paid</legend>
      {(["now", "later"] as const).map((m) => (
        <label key={m} className="flex min-h-11 items-start gap-2 text-sm">
          <input
            type="radio"
            name={`${idPrefix}-refund`}
            className="mt-1 accent-brand-700"
            checked={mode === m}
            onChange={() => setMode(m)}
          />
          {m === "now"
            ? "Refund now"
            : "Refund later: it stays on Financial and the dashboard as to refund until paid back"}
        </label>
      ))}
      {mode === "now" && (
        <div className="grid gap-3">
          <RefundMoneyFields
            id={`${idPrefix}-refund`}
            amountLabel="Refund amount (KES)"
            amount={[amount, setAmount]}
            method={[method, setMethod]}
            reference={[reference, setReference]}
          />
        </div>
      )}
    </fieldset>
  );
  return { decision, fields };
}
