import { type ComponentType, lazy, type ReactNode } from "react";
import type { SessionUser } from "../../contract/auth";
import { screenReads } from "../../contract/first-reads";
import { can, type Permission } from "../../contract/roles";
import { type MessageId, t } from "../lib/i18n/i18n";

const CustomersPage = lazy(() => import("../features/customers/customers-page"));
const DashboardPage = lazy(() => import("../features/dashboard/dashboard-page"));
const InventoryPage = lazy(() => import("../features/inventory/inventory-page"));
const OrdersPage = lazy(() => import("../features/orders/orders-page"));
const FinancialPage = lazy(() => import("../features/finance/financial-page"));
const OrderApprovalPage = lazy(() => import("../features/approval/order-approval-page"));
const ShippingPage = lazy(() => import("../features/shipping/shipping-page"));
const BreedingPage = lazy(() => import("../features/breeding/breeding-page"));
const VendorsPage = lazy(() => import("../features/vendors/vendors-page"));
const ReportsPage = lazy(() => import("../features/reports/reports-page"));
const StoragePage = lazy(() => import("../features/storage/storage-page"));
const MessagesPage = lazy(() => import("../features/messages/messages-page"));
const SettingsPage = lazy(() => import("../features/settings/settings-page"));
const StaffPage = lazy(() => import("../features/staff/staff-page"));
const AuditPage = lazy(() => import("../features/audit/audit-page"));
const DataRequestsPage = lazy(() => import("../features/audit/data-requests-page"));
const EtimsPage = lazy(() => import("../features/invoices/etims-page"));
const StatementPage = lazy(() => import("../features/invoices/statement-page"));
const DispatchPage = lazy(() => import("../features/dispatch/dispatch-page"));
const FlasksPage = lazy(() => import("../features/flasks/flasks-page"));
const FieldPage = lazy(() => import("../features/field/field-page"));
const AccountSecurityPage = lazy(() => import("../features/account/account-security-page"));
export const LoginPage = lazy(() => import("../features/auth/login-page"));
export const NotFoundPage = lazy(() => import("../features/errors/not-found-page"));

export interface StaffRoute {
  paths: string[];
  title: string;
  /** Permissions that open the screen; empty means every staff member. */
  anyOf: Permission[];
  render: (user: SessionUser) => ReactNode;
}

/** Back-office screens (SPEC section 2), each with the permissions that open it. */
export const staffRoutes: StaffRoute[] = [
  {
    paths: ["/dashboard"],
    title: "Dashboard",
    anyOf: ["dashboard"],
    render: (user) => <DashboardPage permissions={user.permissions} />,
  },
  {
    paths: ["/genetic-inventory", "/inventory"],
    title: "Genetic Inventory",
    anyOf: ["inventory:read"],
    render: (user) => (
      <InventoryPage canAdd={can(user.role, "inventory:write")} canReserve={can(user.role, "orders:write")} />
    ),
  },
  {
    paths: ["/customers"],
    title: "Customer Management",
    anyOf: ["customers:read"],
    render: (user) => (
      <CustomersPage
        canEdit={can(user.role, "customers:write")}
        canMerge={can(user.role, "customers:merge")}
      />
    ),
  },
  {
    paths: ["/orders"],
    title: "Sales & Orders",
    anyOf: ["orders:read"],
    render: (user) => (
      <OrdersPage
        canWrite={can(user.role, "orders:write")}
        canTakePayments={can(user.role, "finance")}
        unlimitedDiscount={can(user.role, "pricing")}
      />
    ),
  },
  {
    paths: ["/financial"],
    title: "Financial Management",
    anyOf: ["finance"],
    render: () => <FinancialPage />,
  },
  {
    paths: ["/shipping"],
    title: "Shipping & Logistics",
    anyOf: ["shipping"],
    render: () => <ShippingPage />,
  },
  { paths: ["/breeding"], title: "Breeding Records", anyOf: ["breeding"], render: () => <BreedingPage /> },
  {
    paths: ["/dispatch"],
    title: "Dispatch",
    anyOf: ["breeding"],
    render: (user) => <DispatchPage canPrice={can(user.role, "pricing") || can(user.role, "settings")} />,
  },
  { paths: ["/field"], title: "My jobs", anyOf: ["field"], render: () => <FieldPage /> },
  { paths: ["/storage"], title: "Cryo Storage", anyOf: ["storage"], render: () => <StoragePage /> },
  { paths: ["/flasks"], title: "Flasks", anyOf: ["storage"], render: () => <FlasksPage /> },
  { paths: ["/vendors"], title: "Vendor Management", anyOf: ["vendors"], render: () => <VendorsPage /> },
  {
    paths: ["/reports"],
    title: "Reports and Analytics",
    anyOf: ["reports", "reports:sales"],
    render: () => <ReportsPage />,
  },
  {
    paths: ["/order-approval"],
    title: "Order Approval",
    anyOf: ["orders:approve"],
    render: (user) => <OrderApprovalPage user={user} />,
  },
  { paths: ["/messages"], title: "Messages", anyOf: ["messages"], render: () => <MessagesPage /> },
  { paths: ["/settings"], title: "Settings", anyOf: ["settings"], render: () => <SettingsPage /> },
  { paths: ["/staff"], title: "Staff", anyOf: ["users"], render: (user) => <StaffPage meId={user.id} /> },
  { paths: ["/audit"], title: "Audit trail", anyOf: ["users"], render: () => <AuditPage /> },
  { paths: ["/data-requests"], title: "Data requests", anyOf: ["users"], render: () => <DataRequestsPage /> },
  { paths: ["/etims"], title: "eTIMS documents", anyOf: ["finance"], render: () => <EtimsPage /> },
  {
    paths: ["/customers/:id/statement"],
    title: "Statement of account",
    anyOf: ["finance"],
    render: () => <StatementPage />,
  },
  {
    paths: ["/account"],
    title: "Account Security",
    anyOf: [],
    render: (user) => <AccountSecurityPage accountRole={user.role} />,
  },
];

/** An unknown address, for signed-in staff: the 404 inside the shell, so the menu is still there. */
export const staffNotFoundRoute: StaffRoute = {
  paths: [],
  title: "Page Not Found",
  anyOf: [],
  render: () => <NotFoundPage inShell />,
};

type Screen = { default: ComponentType };

export interface PublicRoute {
  path: string;
  title: MessageId;
  /** The screen's code; called early by `warmRoute` so it downloads beside the language and the session. */
  load: () => Promise<Screen>;
  component: ComponentType;
  /** API reads the screen makes first, fetched with its code when someone is signed in. */
  data?: readonly string[];
}

const screen = (path: string, title: MessageId, load: () => Promise<Screen>): PublicRoute => ({
  path,
  title,
  load,
  component: lazy(load),
  data: screenReads[path],
});

/** Public and client screens (SPEC section 2). */
export const publicRoutes: PublicRoute[] = [
  // The bare domain is the farmer's landing page; SPEC's portal choice (staff or client) stays at /home.
  screen("/", "title.landing", () => import("../features/public/landing-page")),
  screen("/home", "title.home", () => import("./home-screen")),
  screen("/landing", "title.landing", () => import("../features/public/landing-page")),
  screen("/logout", "title.logout", () => import("../features/auth/logout-page")),
  screen("/client-signup", "title.signup", () => import("../features/auth/client-signup-page")),
  screen("/client-login", "title.login", () => import("../features/auth/client-login-page")),
  screen("/shop", "title.shop", () => import("../features/client/shop-page")),
  screen("/shop/products/:id", "title.proof", () => import("../features/client/proof-sheet-page")),
  screen("/shop/compare", "title.compare", () => import("../features/client/compare-page")),
  screen("/cart", "title.cart", () => import("../features/client/cart-page")),
  screen("/client-orders", "title.orders", () => import("../features/client/client-orders-page")),
  screen("/client-orders/:id", "title.order", () => import("../features/client/order-page")),
  screen("/order-success", "title.success", () => import("../features/client/order-success-page")),
  screen("/client-portal", "title.account", () => import("../features/client/client-portal-page")),
  screen("/client-herd", "title.herd", () => import("../features/client/herd/herd-page")),
  screen("/client-herd/:id", "title.cow", () => import("../features/client/herd/cow-page")),
  screen("/client-account", "title.security", () => import("./client-account-screen")),
  screen("/accept-invite", "title.acceptInvite", () => import("../features/auth/set-password-page")),
  screen("/reset-password", "title.resetPassword", () => import("../features/auth/set-password-page")),
  screen("/forgot-password", "title.forgot", () => import("../features/auth/forgot-password-page")),
  screen("/privacy", "title.privacy", () => import("../features/public/privacy-page")),
];

/** Whether a route's pattern (`/shop/products/:id`) covers an address. */
const covers = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+")}$`).test(path);

const publicTitle = (path: string) => {
  const id = publicRoutes.find((r) => covers(r.path, path))?.title;
  return id && t(id);
};

/** The name of the screen at `path`, for the browser tab; public and client screens in the reader's language. */
export function routeTitle(path: string): string | undefined {
  if (path === "/login") return "Staff Login";
  return publicTitle(path) ?? staffRoutes.find((r) => r.paths.includes(path))?.title;
}
