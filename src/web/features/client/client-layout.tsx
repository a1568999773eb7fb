import { Loader2, LogOut, ShoppingCart } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { LanguageSwitch } from "../../components/language-switch";
import { PhoneMenu, phoneMenuLink } from "../../components/layout/phone-menu";
import { LinkButton } from "../../components/link-button";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { type MessageId, useT } from "../../lib/i18n/i18n";
import { useSession } from "../../lib/session";
import { useCart } from "./cart-store";

const links = [
  { href: "/shop", label: "client.nav.shop" },
  { href: "/client-orders", label: "client.nav.orders" },
  { href: "/client-portal", label: "client.nav.account" },
  { href: "/client-account", label: "client.nav.security" },
] as const satisfies readonly { href: string; label: MessageId }[];

const current = "bg-brand-50 font-medium text-brand-800 dark:bg-gray-800 dark:text-brand-500";

/** Client screens: a signed-in client only (else the client login), under the client header. */
export function ClientLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useSession();
  const [location] = useLocation();
  const cart = useCart();
  const count = cart.reduce((n, i) => n + i.quantity, 0);
  const here = links.find((l) => l.href === location);
  if (session.isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center" role="status" aria-label="Loading">
        <Loader2 className="h-8 w-8 animate-spin text-brand-700" />
      </div>
    );
  }
  const user = session.data?.user;
  if (user?.role !== "client") return <Redirect to="/client-login" />;

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
            {links.map((l) => (
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
          <span className="flex-1 truncate font-medium md:hidden">{here && t(here.label)}</span>
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
          <LanguageSwitch className="hidden md:block" />
          <LinkButton href="/logout" variant="outline" size="sm" aria-label={t("client.logout")}>
            <LogOut />
            <span className="hidden sm:inline">{t("client.logout")}</span>
          </LinkButton>
          <PhoneMenu label={t("menu.client")}>
            {links.map((l) => (
              <Link
                key={l.href}
                href={l.href}
                aria-current={location === l.href ? "page" : undefined}
                className={cn(phoneMenuLink, location === l.href && current)}
              >
                {t(l.label)}
              </Link>
            ))}
            <LanguageSwitch className="mx-3 my-2" />
          </PhoneMenu>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl p-4 sm:p-6">
        {children}
      </main>
    </div>
  );
}
