import { ShoppingCart } from "lucide-react";
import { useLocation } from "wouter";
import { LinkButton } from "../../components/link-button";
import { PageHeader } from "../../components/page-header";
import { EmptyState } from "../../components/ui/empty-state";
import { CartLines } from "./cart-lines";
import { useCart } from "./cart-store";
import { CheckoutForm } from "./checkout-form";
import { ClientLayout } from "./client-layout";

function Cart() {
  const cart = useCart();
  const [, navigate] = useLocation();
  if (cart.length === 0) {
    return (
      <EmptyState
        icon={ShoppingCart}
        title="Your cart is empty"
        hint="Browse the shop to add embryos or semen doses."
        action={<LinkButton href="/shop">Go to Shop</LinkButton>}
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
  return (
    <ClientLayout>
      <PageHeader title="Your Cart" subtitle="Review your items and delivery details" />
      <Cart />
    </ClientLayout>
  );
}
