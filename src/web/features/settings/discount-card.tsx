import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { discountSettingsSchema } from "../../../contract/settings";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toastOutcome } from "../../components/ui/use-toast";
import { formatDateTime } from "../../lib/format";
import { settingsQueries, useSaveDiscounts } from "./api";

/** The Sales Manager's discount limit: above it, an order waits for a Director's approval. */
export function DiscountCard() {
  const current = useQuery(settingsQueries.discounts());
  const save = useSaveDiscounts();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string>();
  const saved = current.data?.salesDiscountLimitPct;
  useEffect(() => {
    if (saved !== undefined) setTyped(String(saved));
  }, [saved]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = discountSettingsSchema.safeParse({
      salesDiscountLimitPct: typed.trim() === "" ? undefined : Number(typed),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data, toastOutcome("Discount limit saved", "Could not save the discount limit"));
  };
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Discounts</h2>
      <form
        className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={submit}
        noValidate
        aria-label="Discounts"
      >
        <div className="space-y-1">
          <Label htmlFor="discount-limit">Sales Manager's discount limit (%)</Label>
          <Input
            id="discount-limit"
            inputMode="numeric"
            className="sm:w-40"
            value={typed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "discount-limit-error" : "discount-limit-hint"}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
      </form>
      {error ? (
        <p id="discount-limit-error" className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id="discount-limit-hint" className="mt-1 text-xs text-gray-500">
          A larger line discount still places the order; a Director then approves it.
          {current.data?.updatedBy &&
            ` Last set by ${current.data.updatedBy}${current.data.updatedAt ? ` on ${formatDateTime(current.data.updatedAt)}` : ""}.`}
        </p>
      )}
    </Card>
  );
}
