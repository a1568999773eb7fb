import { ShoppingCart } from "lucide-react";
import { useLocation } from "wouter";
import { LinkButton } from "../../components/link-button";
import { PageHeader } from "../../components/page-header";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { useT } from "../../lib/i18n/i18n";
import { clientLoginThen } from "../../lib/next-path";
import { useSession } from "../../lib/session";
import { CartLines } from "./cart-lines";
import { useCart } from "./cart-store";
import { CheckoutForm } from "./checkout-form";
import { ClientLayout } from "./client-layout";

/** A visitor's cart: ordering needs an account, and the cart stays on this phone through sign-in or sign-up. */
function SignInToOrder() {
  const t = useT();
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="sign-in-to-order">
      <h2 className="font-semibold">{t("cart.signInTitle")}</h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("cart.signInHint")}</p>
      <LinkButton href={clientLoginThen("/cart")}>{t("nav.clientLogin")}</LinkButton>
      <LinkButton href={`/client-signup?next=${encodeURIComponent("/cart")}`} variant="outline">
        {t("nav.getStarted")}
      </LinkButton>
    </Card>
  );
}

function Cart() {
  const t = useT();
  const cart = useCart();
  const signedIn = useSession().data?.user.role === "client";
  const [, navigate] = useLocation();
  if (cart.length === 0) {
    return (
      <EmptyState
        icon={ShoppingCart}
        title={t("cart.empty")}
        hint={t("cart.emptyHint")}
        action={<LinkButton href="/shop">{t("cart.goShop")}</LinkButton>}
      />
    );
  }
  if (!signedIn) {
    return (
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <CartLines cart={cart} />
        <SignInToOrder />
      </div>
    );
  }
  return (
    <CheckoutForm
      variant="cart"
      items={<CartLines cart={cart} />}
      onPlaced={(order) => navigate(`/order-success?id=${order.id}`)}
    />
  );
}

export default function CartPage() {
  const t = useT();
  return (
    <ClientLayout visitors>
      <PageHeader title={t("cart.title")} subtitle={t("cart.subtitle")} />
      <Cart />
    </ClientLayout>
  );
}
