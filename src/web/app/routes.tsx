import { type ComponentType, lazy, type ReactNode } from "react";
import type { SessionUser } from "../../contract/auth";
import { screenReads } from "../../contract/first-reads";
import { can, type Permission } from "../../contract/roles";
import { type MessageId, t } from "../lib/i18n/i18n";

/** The back office (shell, sidebar, alerts) loads only when a staff screen is opened, keeping public pages light. */
export const loadStaffScreen = () => import("./staff-screen");
const loadCustomers = () => import("../features/customers/customers-page");
const CustomersPage = lazy(loadCustomers);
const loadDashboard = () => import("../features/dashboard/dashboard-page");
const DashboardPage = lazy(loadDashboard);
const loadInventory = () => import("../features/inventory/inventory-page");
const InventoryPage = lazy(loadInventory);
const loadOrders = () => import("../features/orders/orders-page");
const OrdersPage = lazy(loadOrders);
const loadFinancial = () => import("../features/finance/financial-page");
const FinancialPage = lazy(loadFinancial);
const loadOrderApproval = () => import("../features/approval/order-approval-page");
const OrderApprovalPage = lazy(loadOrderApproval);
const loadShipping = () => import("../features/shipping/shipping-page");
const ShippingPage = lazy(loadShipping);
const loadBreeding = () => import("../features/breeding/breeding-page");
const BreedingPage = lazy(loadBreeding);
const loadVendors = () => import("../features/vendors/vendors-page");
const VendorsPage = lazy(loadVendors);
const loadReports = () => import("../features/reports/reports-page");
const ReportsPage = lazy(loadReports);
const loadStorage = () => import("../features/storage/storage-page");
const StoragePage = lazy(loadStorage);
const loadMessages = () => import("../features/messages/messages-page");
const MessagesPage = lazy(loadMessages);
const loadSettings = () => import("../features/settings/settings-page");
const SettingsPage = lazy(loadSettings);
const loadStaff = () => import("../features/staff/staff-page");
const StaffPage = lazy(loadStaff);
const loadAudit = () => import("../features/audit/audit-page");
const AuditPage = lazy(loadAudit);
const loadDataRequests = () => import("../features/audit/data-requests-page");
const DataRequestsPage = lazy(loadDataRequests);
const loadEtims = () => import("../features/invoices/etims-page");
const EtimsPage = lazy(loadEtims);
const loadStatement = () => import("../features/invoices/statement-page");
const StatementPage = lazy(loadStatement);
const loadDispatch = () => import("../features/dispatch/dispatch-page");
const DispatchPage = lazy(loadDispatch);
const loadFlasks = () => import("../features/flasks/flasks-page");
const FlasksPage = lazy(loadFlasks);
const loadField = () => import("../features/field/field-page");
const FieldPage = lazy(loadField);
const loadAccountSecurity = () => import("../features/account/account-security-page");
const AccountSecurityPage = lazy(loadAccountSecurity);
export const LoginPage = lazy(() => import("../features/auth/login-page"));
const loadNotFound = () => import("../features/errors/not-found-page");
export const NotFoundPage = lazy(loadNotFound);

export interface StaffRoute {
  paths: string[];
  title: string;
  /** Permissions that open the screen; empty means every staff member. */
  anyOf: Permission[];
  /** The screen's code: also called early by `warmRoute`, and read by the build's preloads (vite-route-preloads.ts). */
  load: () => Promise<unknown>;
  render: (user: SessionUser) => ReactNode;
}

/** Back-office screens (SPEC section 2), each with the permissions that open it. */
export const staffRoutes: StaffRoute[] = [
  {
    paths: ["/dashboard"],
    title: "Dashboard",
    anyOf: ["dashboard"],
    load: loadDashboard,
    render: (user) => <DashboardPage permissions={user.permissions} />,
  },
  {
    paths: ["/genetic-inventory", "/inventory"],
    title: "Genetic Inventory",
    anyOf: ["inventory:read"],
    load: loadInventory,
    render: (user) => (
      <InventoryPage canAdd={can(user.role, "inventory:write")} canReserve={can(user.role, "orders:write")} />
    ),
  },
  {
    paths: ["/customers"],
    title: "Customer Management",
    anyOf: ["customers:read"],
    load: loadCustomers,
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
    load: loadOrders,
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
    load: loadFinancial,
    render: () => <FinancialPage />,
  },
  {
    paths: ["/shipping"],
    title: "Shipping & Logistics",
    anyOf: ["shipping"],
    load: loadShipping,
    render: () => <ShippingPage />,
  },
  {
    paths: ["/breeding"],
    title: "Breeding Records",
    anyOf: ["breeding"],
    load: loadBreeding,
    render: () => <BreedingPage />,
  },
  {
    paths: ["/dispatch"],
    title: "Dispatch",
    anyOf: ["breeding"],
    load: loadDispatch,
    render: (user) => <DispatchPage canPrice={can(user.role, "pricing") || can(user.role, "settings")} />,
  },
  { paths: ["/field"], title: "My jobs", anyOf: ["field"], load: loadField, render: () => <FieldPage /> },
  {
    paths: ["/storage"],
    title: "Cryo Storage",
    anyOf: ["storage"],
    load: loadStorage,
    render: () => <StoragePage />,
  },
  { paths: ["/flasks"], title: "Flasks", anyOf: ["storage"], load: loadFlasks, render: () => <FlasksPage /> },
  {
    paths: ["/vendors"],
    title: "Vendor Management",
    anyOf: ["vendors"],
    load: loadVendors,
    render: () => <VendorsPage />,
  },
  {
    paths: ["/reports"],
    title: "Reports and Analytics",
    anyOf: ["reports", "reports:sales"],
    load: loadReports,
    render: () => <ReportsPage />,
  },
  {
    paths: ["/order-approval"],
    title: "Order Approval",
    anyOf: ["orders:approve"],
    load: loadOrderApproval,
    render: (user) => <OrderApprovalPage user={user} />,
  },
  {
    paths: ["/messages"],
    title: "Messages",
    anyOf: ["messages"],
    load: loadMessages,
    render: () => <MessagesPage />,
  },
  {
    paths: ["/settings"],
    title: "Settings",
    anyOf: ["settings"],
    load: loadSettings,
    render: () => <SettingsPage />,
  },
  {
    paths: ["/staff"],
    title: "Staff",
    anyOf: ["users"],
    load: loadStaff,
    render: (user) => <StaffPage meId={user.id} />,
  },
  { paths: ["/audit"], title: "Audit trail", anyOf: ["users"], load: loadAudit, render: () => <AuditPage /> },
  {
    paths: ["/data-requests"],
    title: "Data requests",
    anyOf: ["users"],
    load: loadDataRequests,
    render: () => <DataRequestsPage />,
  },
  {
    paths: ["/etims"],
    title: "eTIMS documents",
    anyOf: ["finance"],
    load: loadEtims,
    render: () => <EtimsPage />,
  },
  {
    paths: ["/customers/:id/statement"],
    title: "Statement of account",
    anyOf: ["finance"],
    load: loadStatement,
    render: () => <StatementPage />,
  },
  {
    paths: ["/account"],
    title: "Account Security",
    anyOf: [],
    load: loadAccountSecurity,
    render: (user) => <AccountSecurityPage accountRole={user.role} />,
  },
];

/** An unknown address, for signed-in staff: the 404 inside the shell, so the menu is still there. */
export const staffNotFoundRoute: StaffRoute = {
  paths: [],
  title: "Page Not Found",
  anyOf: [],
  load: loadNotFound,
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
export const covers = (pattern: string, path: string) =>
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
