import { sql } from "drizzle-orm";
import type { Customer, CustomerListQuery } from "../../../contract/customers";
import { answerOf } from "../../db/adapter";
import { customers } from "../../db/schema";
import { filteredPages } from "../../http/list-pages";

type CustomerSort = NonNullable<CustomerListQuery["sort"]>;
type CustomerType = NonNullable<CustomerListQuery["type"]>;

/** The column of each declared sort. */
export const customerSortColumns = {
  createdAt: customers.createdAt,
  name: customers.name,
} satisfies Record<CustomerSort, unknown>;

const answer = answerOf({
  id: customers.id,
  name: customers.name,
  type: customers.type,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  contactPerson: customers.contactPerson,
  notes: customers.notes,
  kraPin: customers.kraPin,
  isActive: customers.isActive,
  createdAt: customers.createdAt,
});

/** The customer list's page without a search, of every type or of one, prepared (`filteredPages`). */
export const customerPage = filteredPages<CustomerSort, "type", CustomerType, Customer>(
  "customer_page",
  customerSortColumns,
  customers.id,
  sql`select ${answer} from ${customers}`,
  { key: "type", column: customers.type },
);
