import type { Permission } from "../../contract/roles";

/** Who may call a route. Every /api route must declare one (checked when routes are registered). */
export type Access =
  | { kind: "public" }
  | { kind: "session" }
  | { kind: "client" }
  | { kind: "anyStaff" }
  | { kind: "staff"; anyOf: Permission[] };

export const access = {
  public: { kind: "public" } as Access,
  anySession: { kind: "session" } as Access,
  client: { kind: "client" } as Access,
  anyStaff: { kind: "anyStaff" } as Access,
  /** Staff holding at least one of these permissions. */
  staff: (...anyOf: Permission[]): Access => ({ kind: "staff", anyOf }),
};

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
}
