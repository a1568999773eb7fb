import { and, eq, inArray } from "drizzle-orm";
import { type Permission, type Role, rolePermissions, roles } from "../../../contract/roles";
import type { Db } from "../../db/database";
import { type orders, users } from "../../db/schema";
import type { Reader } from "./outbox";

type OrderRow = typeof orders.$inferSelect;

/** The client an order's messages go to: their account's choices, or the contact details on the order. */
export async function orderReader(db: Db, order: OrderRow): Promise<Reader> {
  if (order.clientUserId !== null) {
    const [user] = await db.select().from(users).where(eq(users.id, order.clientUserId));
    if (user) return readerOf(user, order.customerPhone);
  }
  return {
    name: order.customerName,
    phone: order.customerPhone,
    email: order.customerEmail,
    language: "en",
    notifyBy: "both",
    userId: null,
  };
}

/** A person with an account, as their own choices say to reach them. */
export function readerOf(user: typeof users.$inferSelect, fallbackPhone: string | null = null): Reader {
  return {
    name: user.firstName,
    phone: user.phone ?? fallbackPhone,
    email: user.email,
    language: user.language,
    notifyBy: user.notifyBy,
    userId: user.id,
  };
}

/** The roles holding `permission`: who approves, who restocks. */
export const rolesWith = (permission: Permission): Role[] =>
  roles.filter((r) => rolePermissions[r].includes(permission));

/** The active staff in these roles, as readers of the messages meant for them. */
export async function staffReaders(db: Db, staffRoles: Role[]): Promise<Reader[]> {
  const people = await db
    .select()
    .from(users)
    .where(and(inArray(users.role, staffRoles), eq(users.isActive, true)));
  return people.map((p) => readerOf(p));
}
