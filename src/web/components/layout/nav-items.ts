import {
  BarChart3,
  ClipboardCheck,
  Dna,
  DollarSign,
  FileLock,
  FlaskConical,
  Heart,
  History,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  Package,
  ReceiptText,
  Settings,
  ShoppingCart,
  Snowflake,
  Store,
  Tractor,
  Truck,
  UserCog,
  Users,
} from "lucide-react";
import type { Permission } from "../../../contract/roles";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Shown when the user has any of these. */
  anyOf: Permission[];
}

/**
 * Sidebar entries of SPEC section 2, plus Cryo Storage, Order Approval, Messages, Staff and Settings for those who
 * may use them.
 */
export const navItems: NavItem[] = [
  { href: "/dashboard", label: "Dashboard", icon: LayoutDashboard, anyOf: ["dashboard"] },
  { href: "/genetic-inventory", label: "Genetic Inventory", icon: Dna, anyOf: ["inventory:read"] },
  { href: "/customers", label: "Customer Management", icon: Users, anyOf: ["customers:read"] },
  { href: "/orders", label: "Sales & Orders", icon: ShoppingCart, anyOf: ["orders:read"] },
  { href: "/financial", label: "Financial Management", icon: DollarSign, anyOf: ["finance"] },
  { href: "/etims", label: "eTIMS Documents", icon: ReceiptText, anyOf: ["finance"] },
  { href: "/breeding", label: "Breeding Records", icon: Heart, anyOf: ["breeding"] },
  { href: "/dispatch", label: "Dispatch", icon: Truck, anyOf: ["breeding"] },
  { href: "/field", label: "My jobs", icon: Tractor, anyOf: ["field"] },
  { href: "/inventory", label: "Inventory Control", icon: Package, anyOf: ["inventory:read"] },
  { href: "/storage", label: "Cryo Storage", icon: Snowflake, anyOf: ["storage"] },
  { href: "/flasks", label: "Flasks", icon: FlaskConical, anyOf: ["storage"] },
  { href: "/shipping", label: "Shipping & Logistics", icon: Truck, anyOf: ["shipping"] },
  { href: "/vendors", label: "Vendor Management", icon: Store, anyOf: ["vendors"] },
  { href: "/reports", label: "Reports", icon: BarChart3, anyOf: ["reports", "reports:sales"] },
  { href: "/order-approval", label: "Order Approval", icon: ClipboardCheck, anyOf: ["orders:approve"] },
  { href: "/messages", label: "Messages", icon: MessageSquare, anyOf: ["messages"] },
  { href: "/staff", label: "Staff", icon: UserCog, anyOf: ["users"] },
  { href: "/audit", label: "Audit Trail", icon: History, anyOf: ["users"] },
  { href: "/data-requests", label: "Data Requests", icon: FileLock, anyOf: ["users"] },
  { href: "/settings", label: "Settings", icon: Settings, anyOf: ["settings"] },
];

/** The active entry is the exact match, or a prefix match for non-root entries. */
export function isActiveEntry(href: string, location: string): boolean {
  if (location === href) return true;
  return href !== "/" && location.startsWith(`${href}/`);
}

export function visibleNavItems(permissions: readonly Permission[]): NavItem[] {
  return navItems.filter((item) => item.anyOf.some((p) => permissions.includes(p)));
}
