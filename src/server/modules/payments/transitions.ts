import { inArray, type SQL } from "drizzle-orm";
import { type PaymentRecordStatus, paymentStatusesBefore } from "../../../contract/payments";
import { payments } from "../../db/schema";

/**
 * The guard of every update that moves a payment to `to`: the row must be in a status the payment state
 * machine (contract/payments.ts) lets reach `to`. Conditional in SQL, so a repeated callback or two instances
 * acting at once move a payment once, and the loser's update matches no row.
 */
export const paymentMayBecome = (to: PaymentRecordStatus): SQL =>
  inArray(payments.status, paymentStatusesBefore(to));
