import { sql } from "drizzle-orm";
import { type Permission, type Role, rolePermissions, roles } from "../../../contract/roles";
import { type Db, prepared } from "../../db/adapter";
import { type orders, users } from "../../db/schema";
import { staffStatusIs } from "../staff/status";
import type { Reader } from "./outbox";

type OrderRow = typeof orders.$inferSelect;

/**
 * The columns a message's reader needs, and no more: approvers are read with every order, and a whole user
 * row (password hash, preferences) costs more to read and has no business in a message.
 */
type ReaderRow = Pick<
  typeof users.$inferSelect,
  "id" | "firstName" | "phone" | "email" | "language" | "notifyBy"
>;
const readerColumns = sql`${users.id} as id, ${users.firstName} as "firstName", ${users.phone} as phone,
  ${users.email} as email, ${users.language} as language, ${users.notifyBy} as "notifyBy"`;

const userReader = prepared<{ id: number }, ReaderRow>(
  "user_reader",
  (p) => sql`select ${readerColumns} from ${users} where ${users.id} = ${p.id}`,
);

/** A person with an account, as their own choices say to reach them; null when there is no such account. */
export async function accountReader(db: Db, userId: number): Promise<Reader | null> {
  const [user] = await userReader(db, { id: userId });
  return user ? readerOf(user) : null;
}

/** The client an order's messages go to: their account's choices, or the contact details on the order. */
export async function orderReader(db: Db, order: OrderRow): Promise<Reader> {
  if (order.clientUserId !== null) {
    const [user] = await userReader(db, { id: order.clientUserId });
    if (user) return readerOf(user, order.customerPhone);
  }
  return contactReader(order);
}

/** Whoever an order names as its customer, without an account: English, by SMS and email. */
export function contactReader(
  order: Pick<OrderRow, "customerName" | "customerPhone" | "customerEmail">,
): Reader {
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

/** The active staff in these roles (not those invited who have yet to set a password), as readers of the messages meant for them. */
export const staffReaders = (db: Db, staffRoles: Role[]): Promise<Reader[]> =>
  activeStaff(db, { roles: staffRoles }).then((people) => people.map((p) => readerOf(p)));

const activeStaff = prepared<{ roles: Role[] }, ReaderRow>(
  "active_staff",
  (p) =>
    sql`select ${readerColumns} from ${users}
      where ${users.role}::text = any(${p.roles}::text[]) and ${staffStatusIs.active}`,
);
