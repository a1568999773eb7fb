import { z } from "zod";

/**
 * An order's delivery days, each kept apart (YYYY-MM-DD, Nairobi): what every screen, SMS and email reads.
 */
export const deliveryDaysSchema = z.object({
  /** The day the farmer asked for; null when they asked for none. */
  requested: z.string().nullable(),
  /** The day promised at approval; null until then. */
  confirmed: z.string().nullable(),
  /** The day the order is expected now: the last new date, else the confirmed one; null once it ended. */
  expected: z.string().nullable(),
  /** Each new date after the confirmed one, oldest first, with the reason the farmer was given. */
  redates: z.array(
    z.object({ from: z.string().nullable(), to: z.string(), reason: z.string().nullable(), at: z.string() }),
  ),
  /** When it was received (ISO time); null until delivered. */
  deliveredAt: z.string().nullable(),
});
export type DeliveryDays = z.infer<typeof deliveryDaysSchema>;
