import { Minus, Plus, ShoppingCart, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import type { ClientOrderInput } from "../../../contract/client";
import { paymentMethods } from "../../../contract/orders";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { localToday } from "../../lib/dates";
import { formatKes } from "../../lib/format";
import { usePlaceOrder } from "./api";
import { cartTotal, clearCart, setQuantity, useCart } from "./cart-store";
import { ClientLayout } from "./client-layout";
import { paymentLabels } from "./payment";

function Cart() {
  const cart = useCart();
  const [, navigate] = useLocation();
  const place = usePlaceOrder();
  const [address, setAddress] = useState("");
  const [date, setDate] = useState("");
  const [instructions, setInstructions] = useState("");
  const [payment, setPayment] = useState<(typeof paymentMethods)[number]>("mpesa");
  const total = cartTotal(cart);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (cart.length === 0) {
      toast({ variant: "destructive", title: "Error", description: "Your cart is empty" });
      return;
    }
    if (!address.trim()) {
      toast({ variant: "destructive", title: "Error", description: "Please provide a delivery address" });
      return;
    }
    if (date && date < localToday()) {
      toast({ variant: "destructive", title: "Error", description: "Delivery date cannot be before today" });
      return;
    }
    const payload: ClientOrderInput = {
      items: cart.map((i) => ({ id: i.id, quantity: i.quantity })),
      deliveryAddress: address,
      deliveryDate: date || undefined,
      specialInstructions: instructions || undefined,
      paymentMethod: payment,
      currency: "KES",
    };
    place.mutate(payload, {
      onSuccess: (order) => {
        clearCart();
        navigate(`/order-success?order=${encodeURIComponent(order.orderNumber)}&id=${order.id}`);
      },
      onError: (error) =>
        // A 429 is already shown, with how long to wait, by the app-wide notice.
        errorStatus(error) !== 429 &&
        toast({
          variant: "destructive",
          title: "Error",
          description:
            errorStatus(error) === 409
              ? (apiErrorMessage(error) ?? "Not enough stock.")
              : "Failed to place order. Please try again.",
        }),
    });
  };

  if (cart.length === 0) {
    return (
      <EmptyState
        icon={ShoppingCart}
        title="Your cart is empty"
        hint="Browse the shop to add embryos or semen doses."
        action={
          <Button asChild>
            <Link href="/shop">Go to Shop</Link>
          </Button>
        }
      />
    );
  }

  return (
    <form className="grid gap-6 lg:grid-cols-[1fr_360px]" onSubmit={onSubmit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle>Items</CardTitle>
        </CardHeader>
        <CardContent className="divide-y divide-gray-100 dark:divide-gray-800">
          {cart.map((item) => (
            <div key={item.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="cart-item">
              <div className="min-w-0 basis-full sm:basis-auto sm:flex-1">
                <p className="font-medium">{item.name}</p>
                <p className="text-xs text-gray-500">
                  {formatKes(item.price)} each · {item.inStock} available
                </p>
              </div>
              <div className="flex items-center gap-1">
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={`Decrease ${item.name}`}
                  onClick={() => setQuantity(item.id, item.quantity - 1)}
                >
                  <Minus />
                </Button>
                <Input
                  aria-label={`Quantity of ${item.name}`}
                  type="number"
                  min={0}
                  max={item.inStock}
                  className="w-16 text-center"
                  value={item.quantity}
                  onChange={(e) => setQuantity(item.id, Math.floor(Number(e.target.value) || 0))}
                />
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={`Increase ${item.name}`}
                  disabled={item.quantity >= item.inStock}
                  onClick={() => setQuantity(item.id, item.quantity + 1)}
                >
                  <Plus />
                </Button>
              </div>
              <p className="w-28 text-right font-semibold tabular-nums">
                {formatKes(item.price * item.quantity)}
              </p>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${item.name}`}
                onClick={() => setQuantity(item.id, 0)}
              >
                <Trash2 />
              </Button>
            </div>
          ))}
        </CardContent>
      </Card>

      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Delivery</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <Field id="delivery-address" label="Delivery address *">
              <Textarea
                id="delivery-address"
                rows={2}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
              />
            </Field>
            <Field id="delivery-date" label="Preferred delivery date">
              <Input
                id="delivery-date"
                type="date"
                min={localToday()}
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            </Field>
            <Field id="delivery-notes" label="Special instructions">
              <Textarea
                id="delivery-notes"
                rows={2}
                value={instructions}
                onChange={(e) => setInstructions(e.target.value)}
              />
            </Field>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Payment</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2">
            {paymentMethods.map((m) => (
              <label key={m} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="payment"
                  className="mt-1 accent-brand-700"
                  checked={payment === m}
                  onChange={() => setPayment(m)}
                />
                <span>
                  {paymentLabels[m].label}
                  <span className="block text-xs text-gray-500">{paymentLabels[m].hint}</span>
                </span>
              </label>
            ))}
          </CardContent>
        </Card>
        <Card className="space-y-2 p-4 text-sm sm:p-6">
          <div className="flex justify-between">
            <span>Subtotal</span>
            <span>{formatKes(total)}</span>
          </div>
          <div className="flex justify-between">
            <span>Delivery</span>
            <span className="text-green-700">Free</span>
          </div>
          <div className="flex justify-between border-t border-gray-100 pt-2 text-base font-bold dark:border-gray-800">
            <span>Total</span>
            <span data-testid="cart-total">{formatKes(total)}</span>
          </div>
          <Button type="submit" className="mt-2 w-full" disabled={place.isPending}>
            {place.isPending ? "Placing Order..." : "Place Order"}
          </Button>
        </Card>
      </div>
    </form>
  );
}

export default function CartPage() {
  return (
    <ClientLayout>
      <PageHeader title="Your Cart" subtitle="Review your items and delivery details" />
      <Cart />
    </ClientLayout>
  );
}
