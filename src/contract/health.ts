import { z } from "zod";

export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
});
export type Health = z.infer<typeof healthSchema>;

/** `/api/health/live`: the process is up and its event loop turns. */
export const livenessSchema = z.object({ status: z.literal("ok") });

/**
 * `/api/health/ready`: the database answered within a second and the instance is not shutting down. `jobs`
 * says whether its background jobs run, wait for their next beat after a database outage, or are off here.
 */
export const readinessSchema = z.object({
  status: z.literal("ready"),
  database: z.enum(["pglite", "postgres"]),
  jobs: z.enum(["running", "paused", "off"]),
});
export type Readiness = z.infer<typeof readinessSchema>;
