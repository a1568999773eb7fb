import { postgresErrorOf } from "../db/adapter";
import { AppError } from "../errors";

/**
 * What a person is told when a unique constraint catches a duplicate the service did not, and under which
 * form field when one field is the cause.
 */
const duplicateMessages: [RegExp, string, field?: string][] = [
  [/users_email/, "An account with this email already exists"],
  [/users_verified_phone/, "This mobile number is already verified on another account", "code"],
  [/inventory_items_item_id/, "An item with this Item ID already exists"],
  [/shipments_tracking/, "A shipment with this tracking number already exists"],
  [/shipments_one_open_per_order/, "This order already has a shipment in progress"],
  [/storage_units_name/, "A storage unit with this name already exists"],
  [/customers_email_active/, "An active customer with this email already exists", "email"],
  [/vendors_email_active/, "An active vendor with this email already exists", "email"],
  [/cows_owner_tag/, "You already have a cow with this tag", "tag"],
];

/**
 * Maps the database's refusals to the API's errors: duplicates and broken rules are the caller's
 * conflict (409), malformed or out-of-range values their mistake (400), a deadlock or serialization
 * failure a conflict to retry. Anything else stays a true fault (null: the caller answers 500).
 */
export function fromDatabaseError(error: unknown): AppError | null {
  const pg = postgresErrorOf(error);
  if (!pg) return null;
  const { code, constraint = "" } = pg;
  if (code === "23505") {
    const [, message = "This already exists", field] =
      duplicateMessages.find(([pattern]) => pattern.test(constraint)) ?? [];
    return new AppError("CONFLICT", message, field ? { [field]: message } : undefined);
  }
  if (code === "23514" || code === "23P01") {
    return new AppError("CONFLICT", "That change would break a rule of the records and was not made");
  }
  if (code === "23503")
    return new AppError("CONFLICT", "It refers to a record that does not exist or is in use");
  if (code === "23502") return new AppError("VALIDATION_ERROR", "A required value is missing");
  if (code.startsWith("22")) return new AppError("VALIDATION_ERROR", "A value is out of range or malformed");
  if (code === "40P01" || code === "40001" || code === "55P03") {
    return new AppError("CONFLICT", "Someone else changed this at the same moment. Please try again.");
  }
  return null;
}
