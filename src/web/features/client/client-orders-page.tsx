import { ArrowLeft, Minus, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { breedsForLocation } from "../../../contract/breed-advice";
import { paymentMethods } from "../../../contract/orders";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { LoadingBars } from "../../components/ui/loading-bars";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatKes, formatMoney } from "../../lib/format";
import { useSession } from "../../lib/session";
import { useFormFields } from "../../lib/use-form-fields";
import { usePlaceOrder, usePublicProducts } from "./api";
import { BreedAssistant } from "./breed-assistant";
import { cartTotal, clearCart, setQuantity, useCart } from "./cart-store";
import { ClientLayout } from "./client-layout";
import { paymentLabels } from "./payment";
import { addWithToast } from "./product-card";
import { TrackingView } from "./tracking-view";

type View = "products" | "order" | "tracking";

function YourOrder({ onProceed }: { onProceed: () => void }) {
  const cart = useCart();
  if (cart.length === 0) return null;
  return (
    <Card data-testid="your-order">
      <CardHeader>
        <CardTitle>Your Order</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {cart.map((i) => (
          <div key={i.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-0 basis-full font-medium">{i.name}</span>
            <Button
              variant="outline"
              size="icon"
              aria-label={`Decrease ${i.name}`}
              onClick={() => setQuantity(i.id, i.quantity - 1)}
            >
              <Minus />
            </Button>
            <span className="w-6 text-center" data-testid="line-quantity">
              {i.quantity}
            </span>
            <Button
              variant="outline"
              size="icon"
              aria-label={`Increase ${i.name}`}
              disabled={i.quantity >= i.inStock}
              onClick={() => setQuantity(i.id, i.quantity + 1)}
            >
              <Plus />
            </Button>
            <span className="ml-auto text-right tabular-nums">{formatKes(i.price * i.quantity)}</span>
          </div>
        ))}
        <p className="flex justify-between border-t border-gray-100 pt-2 font-bold dark:border-gray-800">
          <span>Total</span>
          <span>{formatKes(cartTotal(cart))}</span>
        </p>
        <Button className="w-full" onClick={onProceed}>
          Proceed to Order Details
        </Button>
      </CardContent>
    </Card>
  );
}

function ProductsView({ onProceed }: { onProceed: () => void }) {
  const products = usePublicProducts();
  const [location, setLocation] = useState("");
  const advice = breedsForLocation(location);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
      <div className="space-y-4">
        <Card className="p-4">
          <Field id="farm-location" label="Where is your farm?">
            <Input
              id="farm-location"
              placeholder="e.g. Central, Rift Valley, Coastal…"
              value={location}
              onChange={(e) => setLocation(e.target.value)}
            />
          </Field>
          <p className="mt-2 text-sm text-gray-600 dark:text-gray-400" data-testid="location-advice">
            {advice ?? "Tell us your region and we will suggest the breeds that suit it."}
          </p>
        </Card>
        {products.isLoading ? (
          <LoadingBars label="Loading products" />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {products.data?.map((p) => (
              <Card key={p.id} className="flex flex-col p-4" data-testid="portal-product">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold">{p.name}</h3>
                  <Badge tone={p.type === "embryo" ? "purple" : "blue"} className="capitalize">
                    {p.type}
                  </Badge>
                </div>
                <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{p.description}</p>
                <p className="mt-1 text-xs text-gray-500">
                  Suitable for: {p.regionSuitability.join(", ") || "all regions"}
                </p>
                <div className="mt-auto flex items-end justify-between pt-3">
                  <div>
                    <p className="font-bold">{formatMoney(p.price, p.currency)}</p>
                    <p className="text-xs text-gray-500">{p.inStock} available</p>
                  </div>
                  <Button size="sm" disabled={p.inStock <= 0} onClick={() => addWithToast(p)}>
                    Add to Cart
                  </Button>
                </div>
              </Card>
            ))}
          </div>
        )}
      </div>
      <div>
        <YourOrder onProceed={onProceed} />
      </div>
    </div>
  );
}

function OrderView({ onBack, onPlaced }: { onBack: () => void; onPlaced: () => void }) {
  const session = useSession();
  const user = session.data?.user;
  const cart = useCart();
  const place = usePlaceOrder();
  const [form, set, _setForm] = useFormFields({
    name: user ? `${user.firstName} ${user.lastName}` : "",
    phone: "",
    email: user?.email ?? "",
    location: "",
    paymentMethod: "mpesa" as (typeof paymentMethods)[number],
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (![form.name, form.email, form.phone, form.location].every((v) => v.trim())) {
      toast({
        variant: "destructive",
        title: "Missing Information",
        description: "Please fill in all required fields.",
      });
      return;
    }
    place.mutate(
      {
        customerName: form.name,
        customerEmail: form.email,
        customerPhone: form.phone,
        customerLocation: form.location,
        items: cart.map((i) => ({ productId: i.id, quantity: i.quantity })),
        paymentMethod: form.paymentMethod,
        currency: "KES",
      },
      {
        onSuccess: (order) => {
          clearCart();
          toast({
            title: "Order Placed Successfully",
            description: `Your order #${order.orderNumber} has been submitted for approval.`,
          });
          onPlaced();
        },
        onError: (error) =>
          // A 429 is already shown, with how long to wait, by the app-wide notice.
          errorStatus(error) !== 429 &&
          toast({
            variant: "destructive",
            title: "Order Failed",
            description:
              errorStatus(error) === 409
                ? (apiErrorMessage(error) ?? "There was an error placing your order. Please try again.")
                : "There was an error placing your order. Please try again.",
          }),
      },
    );
  };

  return (
    <form className="grid gap-6 lg:grid-cols-[1fr_340px]" onSubmit={onSubmit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle>Customer Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field id="co-name" label="Full Name *">
            <Input id="co-name" value={form.name} onChange={set("name")} />
          </Field>
          <Field id="co-phone" label="Phone Number *">
            <Input id="co-phone" type="tel" value={form.phone} onChange={set("phone")} />
          </Field>
          <Field id="co-email" label="Email Address *">
            <Input id="co-email" type="email" value={form.email} onChange={set("email")} />
          </Field>
          <Field id="co-location" label="Farm Location *">
            <Input id="co-location" value={form.location} onChange={set("location")} />
          </Field>
          <Field id="co-payment" label="Payment Method *" className="sm:col-span-2">
            <NativeSelect id="co-payment" value={form.paymentMethod} onChange={set("paymentMethod")}>
              {paymentMethods.map((m) => (
                <option key={m} value={m}>
                  {paymentLabels[m].label}
                </option>
              ))}
            </NativeSelect>
            <p className="text-xs text-gray-500">{paymentLabels[form.paymentMethod].hint}</p>
          </Field>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Order Summary</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          {cart.map((i) => (
            <p key={i.id} className="flex justify-between gap-2">
              <span>
                {i.name} × {i.quantity}
              </span>
              <span>{formatKes(i.price * i.quantity)}</span>
            </p>
          ))}
          <p className="flex justify-between border-t border-gray-100 pt-2 font-bold dark:border-gray-800">
            <span>Total</span>
            <span>{formatKes(cartTotal(cart))}</span>
          </p>
          <div className="flex flex-col gap-2 pt-2">
            <Button type="submit" disabled={place.isPending || cart.length === 0}>
              {place.isPending ? "Placing Order..." : "Place Order"}
            </Button>
            <Button variant="outline" onClick={onBack}>
              <ArrowLeft /> Back to Products
            </Button>
          </div>
        </CardContent>
      </Card>
    </form>
  );
}

function Portal() {
  const [view, setView] = useState<View>("products");
  const cart = useCart();
  const count = cart.reduce((n, i) => n + i.quantity, 0);
  return (
    <div className="space-y-6 pb-20">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button asChild variant="outline" size="sm">
          <Link href="/">
            <ArrowLeft /> Back to Home
          </Link>
        </Button>
        <div className="flex items-center gap-2">
          {(["products", "tracking"] as const).map((v) => (
            <Button
              key={v}
              variant={view === v || (v === "products" && view === "order") ? "default" : "outline"}
              size="sm"
              onClick={() => setView(v)}
            >
              {v === "products" ? "Products" : "Track Orders"}
            </Button>
          ))}
          {count > 0 && (
            <Badge tone="green" data-testid="portal-cart-count">
              {count} item{count === 1 ? "" : "s"}
            </Badge>
          )}
        </div>
      </div>
      <div className={cn(view !== "products" && "hidden")}>
        <ProductsView onProceed={() => setView("order")} />
      </div>
      {view === "order" && (
        <OrderView onBack={() => setView("products")} onPlaced={() => setView("tracking")} />
      )}
      {view === "tracking" && <TrackingView onBrowse={() => setView("products")} />}
      <BreedAssistant />
    </div>
  );
}

export default function ClientOrdersPage() {
  return (
    <ClientLayout>
      <Portal />
    </ClientLayout>
  );
}
