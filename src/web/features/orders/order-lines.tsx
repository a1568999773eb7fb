import { Trash2 } from "lucide-react";
import type { InventoryItem } from "../../../contract/inventory";
import { discountedPrice, MAX_DISCOUNT_PCT, serviceKindLabels, serviceKinds } from "../../../contract/orders";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { formatKes } from "../../lib/format";

export interface ProductLine {
  key: number;
  inventoryItemId: string;
  quantity: string;
  discountPct: string;
}
export interface ServiceLine {
  key: number;
  service: string;
  description: string;
  amountKes: string;
}

/** A cell of a line: its label (shown on phones, read by screen readers) and the error under it. */
function Cell({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function RemoveLine({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Button type="button" variant="ghost" size="sm" aria-label={label} onClick={onRemove}>
      <Trash2 />
    </Button>
  );
}

const unitPrice = (item: InventoryItem | undefined, discount: string) =>
  item ? discountedPrice(item.costPerUnit, Number(discount) || 0) : 0;

/** The product lines: an item for sale, how many, and a discount when the role may give one. */
export function ProductLines({
  lines,
  items,
  canDiscount,
  errors,
  onChange,
}: {
  lines: ProductLine[];
  items: InventoryItem[];
  canDiscount: boolean;
  errors: Record<string, string>;
  onChange: (lines: ProductLine[]) => void;
}) {
  const set = (key: number, change: Partial<ProductLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...change } : l)));
  return (
    <div className="space-y-3">
      {lines.map((line, i) => {
        const item = items.find((it) => String(it.id) === line.inventoryItemId);
        const id = `line-${line.key}`;
        return (
          <div
            key={line.key}
            className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[minmax(0,1fr)_5rem_5rem_auto]"
            data-testid="product-line"
          >
            <div className="col-span-2 sm:col-span-1">
              <Cell id={`${id}-item`} label="Product" error={errors[`lines.${i}.inventoryItemId`]}>
                <NativeSelect
                  id={`${id}-item`}
                  value={line.inventoryItemId}
                  onChange={(e) => set(line.key, { inventoryItemId: e.target.value })}
                >
                  <option value="">Choose a product</option>
                  {items.map((it) => (
                    <option key={it.id} value={it.id} disabled={it.availableStock === 0}>
                      {it.itemId} {it.breedName} · {formatKes(it.costPerUnit)} · {it.availableStock} free
                    </option>
                  ))}
                </NativeSelect>
              </Cell>
            </div>
            <Cell id={`${id}-qty`} label="Quantity" error={errors[`lines.${i}.quantity`]}>
              <Input
                id={`${id}-qty`}
                inputMode="numeric"
                value={line.quantity}
                onChange={(e) => set(line.key, { quantity: e.target.value })}
              />
            </Cell>
            {canDiscount ? (
              <Cell id={`${id}-discount`} label="Discount %" error={errors[`lines.${i}.discountPct`]}>
                <Input
                  id={`${id}-discount`}
                  inputMode="numeric"
                  placeholder={`0-${MAX_DISCOUNT_PCT}`}
                  value={line.discountPct}
                  onChange={(e) => set(line.key, { discountPct: e.target.value })}
                />
              </Cell>
            ) : (
              <div />
            )}
            <div className="col-span-2 flex items-center justify-between gap-2 sm:col-span-1 sm:flex-col sm:items-end sm:pt-6">
              <span className="text-sm tabular-nums" data-testid="line-total">
                {formatKes(unitPrice(item, line.discountPct) * (Number(line.quantity) || 0))}
              </span>
              <RemoveLine
                label={`Remove line ${i + 1}`}
                onRemove={() => onChange(lines.filter((l) => l.key !== line.key))}
              />
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** Services at an agreed amount (AI, embryo transfer, consultation): no stock moves for them. */
export function ServiceLines({
  lines,
  errors,
  onChange,
}: {
  lines: ServiceLine[];
  errors: Record<string, string>;
  onChange: (lines: ServiceLine[]) => void;
}) {
  const set = (key: number, change: Partial<ServiceLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...change } : l)));
  return (
    <div className="space-y-3">
      {lines.map((line, i) => {
        const id = `service-${line.key}`;
        return (
          <div
            key={line.key}
            className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[10rem_minmax(0,1fr)_7rem_auto]"
            data-testid="service-line"
          >
            <Cell id={`${id}-kind`} label="Service" error={errors[`services.${i}.service`]}>
              <NativeSelect
                id={`${id}-kind`}
                value={line.service}
                onChange={(e) => set(line.key, { service: e.target.value })}
              >
                {serviceKinds.map((k) => (
                  <option key={k} value={k}>
                    {serviceKindLabels[k]}
                  </option>
                ))}
              </NativeSelect>
            </Cell>
            <Cell id={`${id}-amount`} label="Amount (KES)" error={errors[`services.${i}.amountKes`]}>
              <Input
                id={`${id}-amount`}
                inputMode="numeric"
                value={line.amountKes}
                onChange={(e) => set(line.key, { amountKes: e.target.value })}
              />
            </Cell>
            <div className="col-span-2 sm:col-span-1 sm:col-start-2 sm:row-start-1">
              <Cell id={`${id}-desc`} label="What" error={errors[`services.${i}.description`]}>
                <Input
                  id={`${id}-desc`}
                  value={line.description}
                  onChange={(e) => set(line.key, { description: e.target.value })}
                />
              </Cell>
            </div>
            <div className="col-span-2 flex justify-end sm:col-span-1 sm:pt-6">
              <RemoveLine
                label={`Remove service ${i + 1}`}
                onRemove={() => onChange(lines.filter((l) => l.key !== line.key))}
              />
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** What the lines come to at catalogue prices; the server prices the order itself. */
export function linesTotal(products: ProductLine[], services: ServiceLine[], items: InventoryItem[]): number {
  const goods = products.reduce((sum, l) => {
    const item = items.find((it) => String(it.id) === l.inventoryItemId);
    return sum + unitPrice(item, l.discountPct) * (Number(l.quantity) || 0);
  }, 0);
  return goods + services.reduce((sum, s) => sum + (Number(s.amountKes) || 0), 0);
}
