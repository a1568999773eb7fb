import { ShoppingCart } from "lucide-react";
import { useLocation } from "wouter";
import { LinkButton } from "../../components/link-button";
import { PageHeader } from "../../components/page-header";
import { EmptyState } from "../../components/ui/empty-state";
import { useT } from "../../lib/i18n/i18n";
import { CartLines } from "./cart-lines";
import { useCart } from "./cart-store";
import { CheckoutForm } from "./checkout-form";
import { ClientLayout } from "./client-layout";

function Cart() {
  const t = useT();
  const cart = useCart();
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
    <ClientLayout>
      <PageHeader title={t("cart.title")} subtitle={t("cart.subtitle")} />
      <Cart />
    </ClientLayout>
  );
}
