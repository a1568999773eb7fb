import { z } from "zod";

/** `:id` path parameter: a positive whole number, else 400. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });
