export const staffRoles = [
  "director",
  "chief_scientist",
  "sales_manager",
  "lab_technician",
  "logistics_coordinator",
] as const;
export const roles = [...staffRoles, "client"] as const;
/** Plain data, no Zod: the web's route table reads it from the public entry, which must stay small. */
export type Role = (typeof roles)[number];
export type StaffRole = (typeof staffRoles)[number];

export const roleLabels: Record<Role, string> = {
  director: "Director",
  chief_scientist: "Chief Scientist",
  sales_manager: "Sales Manager",
  lab_technician: "Lab Technician",
  logistics_coordinator: "Logistics Coordinator",
  client: "Client Portal",
};

export const permissions = [
  "dashboard",
  "inventory:read",
  "inventory:write",
  "storage",
  "customers:read",
  "customers:write",
  "orders:read",
  "orders:write",
  "orders:approve",
  "finance",
  "shipping",
  "breeding",
  "vendors",
  "reports",
  "reports:sales",
  "pricing",
  "customers:merge",
  "messages",
  "settings",
  "users",
] as const;
export type Permission = (typeof permissions)[number];

/**
 * What each role may do (SPEC section 6 and the demo-account descriptions). `reports` is every report;
 * `reports:sales` the sales and customer reports only (no inventory or storage temperatures). Money on the
 * dashboard needs `finance`, storage temperatures `storage`. Prices are set with `inventory:write`; a
 * discount on an order line needs `pricing`, merging two customers `customers:merge`, the outbox of SMS and
 * email `messages`, the business's settings and backups `settings`, staff accounts `users` (all Directors).
 * The server checks these on every route; the web only uses them to hide what would answer 403.
 */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  director: permissions,
  chief_scientist: [
    "dashboard",
    "inventory:read",
    "inventory:write",
    "storage",
    "breeding",
    "reports",
    "reports:sales",
    "orders:read",
    "orders:approve",
    "vendors",
  ],
  sales_manager: [
    "dashboard",
    "customers:read",
    "customers:write",
    "orders:read",
    "orders:write",
    "inventory:read",
    "reports:sales",
  ],
  lab_technician: ["dashboard", "inventory:read", "inventory:write", "breeding", "storage"],
  logistics_coordinator: ["dashboard", "shipping", "orders:read", "inventory:read"],
  client: [],
};

export function can(role: Role, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}
