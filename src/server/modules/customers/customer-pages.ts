import { sql } from "drizzle-orm";
import type { Customer, CustomerListQuery } from "../../../contract/customers";
import type { SortOrder } from "../../../contract/pagination";
import { answerOf, type Db } from "../../db/adapter";
import { customers } from "../../db/schema";
import { sortedPages } from "../../http/list-pages";

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

/** The customer list's page without a search, of every type or of one, prepared (`sortedPages`). */
const everyType = sortedPages<CustomerSort, Record<never, never>, Customer>(
  "customer_page",
  customerSortColumns,
  customers.id,
  () => sql`select ${answer} from ${customers}`,
);
const ofType = sortedPages<CustomerSort, { type: CustomerType }, Customer>(
  "customer_page_type",
  customerSortColumns,
  customers.id,
  (p) => sql`select ${answer} from ${customers} where ${customers.type} = ${p.type}::customer_type`,
);

export const customerPage = (
  db: Db,
  query: { sort: CustomerSort; order: SortOrder; type?: CustomerType; limit: number; offset: number },
): Promise<Customer[]> => {
  const { type } = query;
  return type ? ofType(db, { ...query, type }) : everyType(db, query);
};
