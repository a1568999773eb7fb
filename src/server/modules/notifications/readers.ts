import { and, eq, inArray } from "drizzle-orm";
import { type Permission, type Role, rolePermissions, roles } from "../../../contract/roles";
import type { Db } from "../../db/database";
import { type orders, users } from "../../db/schema";
import type { Reader } from "./outbox";

type OrderRow = typeof orders.$inferSelect;

/**
 * The columns a message's reader needs, and no more: approvers are read with every order, and a whole user
 * row (password hash, preferences) costs more to read and has no business in a message.
 */
const readerColumns = {
  id: users.id,
  firstName: users.firstName,
  phone: users.phone,
  email: users.email,
  language: users.language,
  notifyBy: users.notifyBy,
};
type ReaderRow = Pick<typeof users.$inferSelect, keyof typeof readerColumns>;

/** The client an order's messages go to: their account's choices, or the contact details on the order. */
export async function orderReader(db: Db, order: OrderRow): Promise<Reader> {
  if (order.clientUserId !== null) {
    const [user] = await db.select(readerColumns).from(users).where(eq(users.id, order.clientUserId));
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
export function readerOf(user: ReaderRow, fallbackPhone: string | null = null): Reader {
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
export function staffReaders(db: Db, staffRoles: Role[]): Promise<Reader[]> {
  return db
    .select(readerColumns)
    .from(users)
    .where(and(inArray(users.role, staffRoles), eq(users.isActive, true)))
    .execute()
    .then((people) => people.map((p) => readerOf(p)));
}
