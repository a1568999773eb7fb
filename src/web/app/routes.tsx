import { type ComponentType, lazy, type ReactNode } from "react";
import { Link } from "wouter";
import { can, type Permission } from "../../contract/roles";
import { ComingSoon } from "../components/coming-soon";
import { Button } from "../components/ui/button";

const CustomersPage = lazy(() => import("../features/customers/customers-page"));
const DashboardPage = lazy(() => import("../features/dashboard/dashboard-page"));
const InventoryPage = lazy(() => import("../features/inventory/inventory-page"));
const OrdersPage = lazy(() => import("../features/orders/orders-page"));
const FinancialPage = lazy(() => import("../features/finance/financial-page"));
export const LoginPage = lazy(() => import("../features/auth/login-page"));
export const NotFoundPage = lazy(() => import("../features/errors/not-found-page"));

export interface StaffRoute {
  paths: string[];
  title: string;
  anyOf: Permission[];
  render: (role: Parameters<typeof can>[0]) => ReactNode;
}

const soon = (title: string) => () => <ComingSoon title={title} />;

/** Back-office screens (SPEC section 2), each with the permissions that open it. */
export const staffRoutes: StaffRoute[] = [
  { paths: ["/dashboard"], title: "Dashboard", anyOf: ["dashboard"], render: () => <DashboardPage /> },
  {
    paths: ["/genetic-inventory", "/inventory"],
    title: "Genetic Inventory",
    anyOf: ["inventory:read"],
    render: (role) => (
      <InventoryPage canAdd={can(role, "inventory:write")} canReserve={can(role, "orders:write")} />
    ),
  },
  {
    paths: ["/customers"],
    title: "Customer Management",
    anyOf: ["customers:read"],
    render: (role) => <CustomersPage canEdit={can(role, "customers:write")} />,
  },
  {
    paths: ["/orders"],
    title: "Sales & Orders",
    anyOf: ["orders:read"],
    render: (role) => <OrdersPage canWrite={can(role, "orders:write")} />,
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
    render: soon("Shipping & Logistics"),
  },
  { paths: ["/breeding"], title: "Breeding Records", anyOf: ["breeding"], render: soon("Breeding Records") },
  { paths: ["/vendors"], title: "Vendor Management", anyOf: ["vendors"], render: soon("Vendor Management") },
  {
    paths: ["/reports"],
    title: "Reports and Analytics",
    anyOf: ["reports", "reports:sales"],
    render: soon("Reports and Analytics"),
  },
  {
    paths: ["/order-approval"],
    title: "Order Approval",
    anyOf: ["orders:approve"],
    render: soon("Order Approval"),
  },
];

function PublicSoon({ title }: { title: string }) {
  return (
    <div className="min-h-screen p-4">
      <ComingSoon title={title}>
        <Button asChild>
          <Link href="/login">Staff Login</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/client-login">Client Login</Link>
        </Button>
      </ComingSoon>
    </div>
  );
}

const publicSoon =
  (title: string): ComponentType =>
  () => <PublicSoon title={title} />;

/** Public and client screens (SPEC section 2) owned by the client-commerce issue. */
export const publicRoutes: { path: string; component: ComponentType }[] = [
  { path: "/", component: publicSoon("Urithi Home") },
  { path: "/home", component: publicSoon("Urithi Home") },
  { path: "/landing", component: publicSoon("Urithi Cattle Genetics") },
  { path: "/logout", component: publicSoon("Logout") },
  { path: "/client-signup", component: publicSoon("Client Signup") },
  { path: "/client-login", component: publicSoon("Client Login") },
  { path: "/shop", component: publicSoon("Shop") },
  { path: "/cart", component: publicSoon("Cart") },
  { path: "/client-orders", component: publicSoon("Client Order Portal") },
  { path: "/order-success", component: publicSoon("Order Success") },
  { path: "/client-portal", component: publicSoon("Client Portal") },
];
