import { Loader2, LogIn, LogOut, ShoppingCart } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { LanguageSwitch } from "../../components/language-switch";
import { PhoneMenu, phoneMenuLink } from "../../components/layout/phone-menu";
import { LinkButton } from "../../components/link-button";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { type MessageId, useT } from "../../lib/i18n/i18n";
import { clientLoginThen } from "../../lib/next-path";
import { useSession } from "../../lib/session";
import { restoreSavedCart, useCart } from "./cart-store";

const links = [
  { href: "/shop", label: "client.nav.shop" },
  { href: "/client-orders", label: "client.nav.orders" },
  { href: "/client-herd", label: "client.nav.herd" },
  { href: "/client-portal", label: "client.nav.account" },
  { href: "/client-account", label: "client.nav.security" },
] as const satisfies readonly { href: string; label: MessageId }[];

const current = "bg-brand-50 font-medium text-brand-800 dark:bg-gray-800 dark:text-brand-500";

/**
 * Client screens under the client header: a signed-in client's, or, for the screens a farmer may browse before
 * they have an account (`visitors`: the shop, proof sheets, compare and the cart), anyone's, with sign-in in
 * place of the account's links. Other client screens send a visitor to the client login.
 */
export function ClientLayout({ children, visitors = false }: { children: ReactNode; visitors?: boolean }) {
  const t = useT();
  const session = useSession();
  const [location] = useLocation();
  const cart = useCart();
  const count = cart.reduce((n, i) => n + i.quantity, 0);
  const clientId = session.data?.user.role === "client" ? session.data.user.id : undefined;
  // Signed in (by any way) on a client screen: the cart left at this account's last sign-out comes back.
  useEffect(() => {
    if (clientId !== undefined) restoreSavedCart(clientId);
  }, [clientId]);
  if (session.isLoading) {
    return (
      <div
        className="flex min-h-screen items-center justify-center"
        role="status"
        aria-label={t("common.loading")}
      >
        <Loader2 className="h-8 w-8 animate-spin text-brand-700" />
      </div>
    );
  }
  const client = session.data?.user.role === "client";
  if (!client && !visitors) return <Redirect to="/client-login" />;
  const shown = client ? links : links.slice(0, 1);

  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-20 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
        <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-6">
          <Link href="/" className="flex min-h-11 items-center gap-2 font-semibold">
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-800 text-white">
              U
            </span>
            <span className="hidden sm:inline">Urithi</span>
          </Link>
          <nav className="hidden flex-1 gap-1 text-sm md:flex" aria-label="Client">
            {shown.map((l) => (
              <Link
                key={l.href}
                href={l.href}
                aria-current={location === l.href ? "page" : undefined}
                className={cn(
                  "whitespace-nowrap rounded-md px-3 py-2 hover:bg-gray-100 dark:hover:bg-gray-800",
                  location === l.href && current,
                )}
              >
                {t(l.label)}
              </Link>
            ))}
          </nav>
          {/* On a phone the page's own heading says where the farmer is; the header keeps room for the language. */}
          <span className="flex-1 md:hidden" />
          <Button asChild variant="ghost" size="icon" className="relative">
            <Link href="/cart">
              <ShoppingCart />
              {/* The name is "Cart (2 items)"; the badge shows the count to the eye only, so the two agree. */}
              <span className="sr-only">{t("client.cart", { count })}</span>
              {count > 0 && (
                <span
                  aria-hidden
                  className="absolute right-0.5 top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-brand-700 px-1 text-[10px] font-bold text-white"
                  data-testid="cart-count"
                >
                  {count}
                </span>
              )}
            </Link>
          </Button>
          <LanguageSwitch />
          {client ? (
            <LinkButton href="/logout" variant="outline" size="sm" aria-label={t("client.logout")}>
              <LogOut />
              <span className="hidden sm:inline">{t("client.logout")}</span>
            </LinkButton>
          ) : (
            <LinkButton href={clientLoginThen(location)} variant="outline" size="sm">
              <LogIn className="sm:hidden" />
              <span className="sr-only sm:not-sr-only">{t("nav.clientLogin")}</span>
            </LinkButton>
          )}
          <PhoneMenu label={t("menu.client")}>
            {shown.map((l) => (
              <Link
                key={l.href}
                href={l.href}
                aria-current={location === l.href ? "page" : undefined}
                className={cn(phoneMenuLink, location === l.href && current)}
              >
                {t(l.label)}
              </Link>
            ))}
            {!client && (
              <Link href="/client-signup" className={phoneMenuLink}>
                {t("nav.getStarted")}
              </Link>
            )}
          </PhoneMenu>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl p-4 sm:p-6">
        {children}
      </main>
    </div>
  );
}
