import { Bell, LogOut, Menu, Moon, Sun, UserCircle, X } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import type { SessionUser } from "../../../contract/auth";
import { cn } from "../../lib/cn";
import { useDarkMode } from "../../lib/dark-mode";
import { Button } from "../ui/button";
import { isActiveEntry, visibleNavItems } from "./nav-items";

/** The back-office frame: sidebar (fixed on wide screens, a drawer on phones) and header. */
export function StaffShell({
  user,
  onLogout,
  notifications,
  notificationCount = 0,
  children,
}: {
  user: SessionUser;
  onLogout: () => void;
  notifications: ReactNode;
  notificationCount?: number;
  children: ReactNode;
}) {
  const [location] = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dark, toggleDark] = useDarkMode();
  const [panel, setPanel] = useState<"none" | "notifications" | "account">("none");

  // Navigating closes the drawer and any open header panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => {
    setDrawerOpen(false);
    setPanel("none");
  }, [location]);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setDrawerOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  const items = visibleNavItems(user.permissions);
  const sidebar = (
    <nav aria-label="Main" className="flex h-full flex-col">
      <div className="flex h-16 items-center gap-2 border-b border-brand-900/40 px-5">
        <div className="flex h-8 w-8 items-center justify-center rounded-full bg-white font-bold text-brand-800">
          U
        </div>
        <div>
          <p className="font-semibold leading-tight text-white">Urithi</p>
          <p className="text-xs text-brand-100/80">Cattle Genetics ERP</p>
        </div>
      </div>
      <ul className="flex-1 space-y-1 overflow-y-auto p-3">
        {items.map((item) => {
          const active = isActiveEntry(item.href, location);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-brand-50 hover:bg-brand-700/70",
                  active && "bg-white text-brand-900 hover:bg-white",
                )}
              >
                <item.icon className="h-4 w-4 shrink-0" aria-hidden />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="border-t border-brand-900/40 p-4 text-xs text-brand-100/80">
        Signed in as <span className="font-medium text-white">{user.roleLabel}</span>
      </div>
    </nav>
  );

  return (
    <div className="min-h-screen">
      <aside
        className="fixed inset-y-0 left-0 z-30 hidden w-64 bg-brand-800 lg:block"
        data-testid="sidebar-fixed"
      >
        {sidebar}
      </aside>
      {drawerOpen && (
        <div className="fixed inset-0 z-40 lg:hidden" data-testid="sidebar-drawer">
          <button
            type="button"
            aria-label="Close menu"
            className="absolute inset-0 h-full w-full bg-black/50"
            onClick={() => setDrawerOpen(false)}
          />
          <aside className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-brand-800 shadow-xl">
            <button
              type="button"
              aria-label="Close menu"
              className="absolute right-3 top-4 rounded p-1 text-white hover:bg-brand-700"
              onClick={() => setDrawerOpen(false)}
            >
              <X className="h-5 w-5" />
            </button>
            {sidebar}
          </aside>
        </div>
      )}

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-gray-200 bg-white/95 px-3 backdrop-blur sm:px-6 dark:border-gray-800 dark:bg-gray-900/95">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            className="lg:hidden"
            onClick={() => setDrawerOpen(true)}
          >
            <Menu />
          </Button>
          <div className="min-w-0 flex-1 truncate text-sm text-gray-500 dark:text-gray-400">
            Welcome, <span className="font-medium text-gray-900 dark:text-gray-100">{user.firstName}</span>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={dark ? "Switch to light mode" : "Switch to dark mode"}
            aria-pressed={dark}
            onClick={toggleDark}
          >
            {dark ? <Sun /> : <Moon />}
          </Button>
          <div className="relative">
            <Button
              variant="ghost"
              size="icon"
              aria-expanded={panel === "notifications"}
              onClick={() => setPanel(panel === "notifications" ? "none" : "notifications")}
              className="relative"
            >
              <Bell />
              {/* The name says the count in words; the badge shows it to the eye only, so the two agree. */}
              <span className="sr-only">
                {notificationCount > 0 ? `Notifications (${notificationCount})` : "Notifications"}
              </span>
              {notificationCount > 0 && (
                <span
                  aria-hidden
                  className="absolute right-1.5 top-1.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white"
                >
                  {notificationCount}
                </span>
              )}
            </Button>
            {panel === "notifications" && <HeaderPanel title="Notifications">{notifications}</HeaderPanel>}
          </div>
          <div className="relative">
            <Button
              variant="ghost"
              size="icon"
              aria-label="Account"
              aria-expanded={panel === "account"}
              onClick={() => setPanel(panel === "account" ? "none" : "account")}
            >
              <UserCircle />
            </Button>
            {panel === "account" && (
              <HeaderPanel title="Account">
                <p className="font-medium">
                  {user.firstName} {user.lastName}
                </p>
                <p className="text-sm text-gray-500 dark:text-gray-400">{user.email}</p>
                <p className="mt-1 text-sm">{user.roleLabel}</p>
                <Link
                  href="/account"
                  className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
                  onClick={() => setPanel("none")}
                >
                  Account security
                </Link>
              </HeaderPanel>
            )}
          </div>
          <Button variant="outline" size="sm" aria-label="Logout" onClick={onLogout}>
            <LogOut />
            <span className="hidden sm:inline">Logout</span>
          </Button>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-7xl p-4 sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}

function HeaderPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="dialog"
      aria-label={title}
      className="absolute right-0 top-12 z-30 w-72 rounded-lg border border-gray-200 bg-white p-4 shadow-lg dark:border-gray-700 dark:bg-gray-900"
    >
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-gray-500">{title}</p>
      {children}
    </div>
  );
}
