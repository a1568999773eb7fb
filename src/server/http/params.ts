import { z } from "zod";
import { idParamSchema } from "../../contract/primitives";

/** `:id` path parameter: a whole number that fits an id column, else 400. */
export const idParams = z.object({ id: idParamSchema });
