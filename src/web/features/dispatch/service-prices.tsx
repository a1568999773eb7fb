import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ServicePrice } from "../../../contract/service-requests";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { formatKes } from "../../lib/format";
import { dispatchQueries, useSetPrice } from "./api";

const names = { ai: "AI visit", pd: "PD visit" } as const;

function PriceEditor({ price }: { price: ServicePrice }) {
  const [value, setValue] = useState(String(price.priceKes));
  const save = useSetPrice();
  const id = `price-${price.kind}`;
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { kind: price.kind, priceKes: Number(value) },
          {
            onSuccess: (p) =>
              toast({ title: "Price saved", description: `${names[p.kind]}: ${formatKes(p.priceKes)}` }),
            onError: (error) =>
              toast({ variant: "destructive", title: "Price not saved", description: error.message }),
          },
        );
      }}
    >
      <div className="space-y-1">
        <Label htmlFor={id}>{names[price.kind]} (KES)</Label>
        <Input
          id={id}
          inputMode="numeric"
          className="w-32"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={save.isPending}>
        Save
      </Button>
    </form>
  );
}

/** The service list new requests are priced from; staff with pricing change it here. */
export function ServicePrices({ canPrice }: { canPrice: boolean }) {
  const prices = useQuery(dispatchQueries.prices());
  if (!prices.data) return null;
  return (
    <Card className="mb-4 flex flex-wrap items-end gap-4 p-4" data-testid="service-prices">
      <p className="w-full text-sm font-semibold">
        Service list (tax included; requests keep the price they were made at)
      </p>
      {canPrice
        ? prices.data.map((p) => <PriceEditor key={p.kind} price={p} />)
        : prices.data.map((p) => (
            <p key={p.kind} className="text-sm">
              {names[p.kind]}: <strong>{formatKes(p.priceKes)}</strong>
            </p>
          ))}
    </Card>
  );
}
