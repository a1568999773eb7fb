import { useQuery } from "@tanstack/react-query";
import { ShoppingCart, Tractor } from "lucide-react";
import { useLocation } from "wouter";
import { breedsForLocation } from "../../../contract/breed-advice";
import { paymentMethods } from "../../../contract/order-states";
import { LinkButton } from "../../components/link-button";
import { LoadError } from "../../components/load-error";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { LoadingBars } from "../../components/ui/loading-bars";
import { useTextField } from "../../lib/form";
import { formatKes } from "../../lib/format";
import { say, useT } from "../../lib/i18n/i18n";
import { clientLoginThen } from "../../lib/next-path";
import { useSession } from "../../lib/session";
import { clientQueries } from "./api";
import { addWithToast } from "./cart-actions";
import { useCart } from "./cart-store";
import { paymentOptions, paymentText } from "./payment";
import { OrderLines } from "./your-order";

const PREVIEW = 4;

/**
 * The home page's Client Access (SPEC section 3): a few products, the farm's region, and the same cart the
 * shop fills. Place Order goes on to the real checkout with the chosen payment method, through the client
 * login when nobody is signed in.
 */
export function ClientAccess() {
  const t = useT();
  const products = useQuery(clientQueries.publicProducts());
  const cart = useCart();
  const session = useSession();
  const [, navigate] = useLocation();
  const region = useTextField("home-location");
  const payment = useTextField("home-payment", "mpesa");
  const advice = say(breedsForLocation(region.value));
  const method = paymentMethods.find((m) => m === payment.value) ?? "mpesa";

  const placeOrder = () => {
    const checkout = `/cart?pay=${method}`;
    navigate(session.data?.user.role === "client" ? checkout : clientLoginThen(checkout));
  };

  return (
    <Card className="p-6" data-testid="client-access">
      <Tractor className="h-8 w-8 text-brand-700" aria-hidden />
      <h2 className="mt-3 text-xl font-bold">Client Access</h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        Browse our genetics, then sign in to order and track deliveries.
      </p>
      <Field label="Your farm's region" placeholder="e.g. Rift Valley" className="mt-4" bind={region} />
      {advice && <p className="mt-2 text-sm text-brand-800 dark:text-brand-500">{advice}</p>}
      {products.isLoading ? (
        <LoadingBars label={t("shop.loading")} />
      ) : products.isError ? (
        <LoadError label={t("shop.products")} onRetry={() => products.refetch()} />
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" aria-label="Catalogue">
          {products.data?.slice(0, PREVIEW).map((p) => (
            <li
              key={p.id}
              className="flex flex-col rounded-md border border-gray-200 p-3 text-sm dark:border-gray-700"
              data-testid="home-product"
            >
              <p className="font-medium">{say(p.name)}</p>
              <p className="text-xs text-gray-500 dark:text-gray-400">
                <span className="font-mono">{p.itemId}</span> · {p.inStock} available
              </p>
              <div className="mt-2 flex items-center justify-between gap-2">
                <span className="font-semibold">{formatKes(p.price)}</span>
                <Button size="sm" variant="outline" disabled={p.inStock <= 0} onClick={() => addWithToast(p)}>
                  {t("product.add")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <section className="mt-6" aria-labelledby="home-cart">
        <h3 id="home-cart" className="mb-2 font-semibold">
          Your Cart
        </h3>
        {cart.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">
            Your cart is empty. Add products above or browse the whole shop.
          </p>
        ) : (
          <OrderLines>
            <Field
              label={t("payment.legend")}
              options={paymentOptions()}
              hint={paymentText(method).hint}
              bind={payment}
            />
            <Button className="w-full" onClick={placeOrder}>
              Place Order
            </Button>
          </OrderLines>
        )}
      </section>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <LinkButton href="/shop" variant="outline" className="flex-1">
          <ShoppingCart /> Browse the shop
        </LinkButton>
        <LinkButton href="/client-signup" variant="outline" className="flex-1">
          Create an account
        </LinkButton>
      </div>
    </Card>
  );
}
