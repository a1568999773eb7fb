export const staffRoles = [
  "director",
  "chief_scientist",
  "sales_manager",
  "lab_technician",
  "logistics_coordinator",
  "field_technician",
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
  field_technician: "Field Technician",
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
  "field",
] as const;
export type Permission = (typeof permissions)[number];

/**
 * What each role may do (SPEC section 6 and the demo-account descriptions). `reports` is every report;
 * `reports:sales` the sales and customer reports only (no inventory or storage temperatures). Money on the
 * dashboard needs `finance`, storage temperatures `storage`. Prices are set with `inventory:write`; a
 * discount on an order line needs `pricing`, merging two customers `customers:merge`, the outbox of SMS and
 * email `messages`, the business's settings and backups `settings`, staff accounts `users` (all Directors).
 * `breeding` also dispatches AI service requests; `field` is a Field Technician's own jobs (issue 40).
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
  // An inseminator on a motorbike: their own jobs and flask on /field, nothing of the back office.
  field_technician: ["field"],
  client: [],
};

export function can(role: Role, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}

/** Where a person lands after signing in: the shop's portal, a technician's day, or the dashboard. */
export const homeOf = (role: Role): string =>
  role === "client" ? "/client-portal" : role === "field_technician" ? "/field" : "/dashboard";
