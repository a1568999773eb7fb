import type { Role } from "../../../contract/roles";
import { type SchemaLoader, schemaOnDemand } from "../../lib/form";

type ContractAuth = typeof import("../../../contract/auth");
type ChangePasswordSchema = ReturnType<ContractAuth["changePasswordFor"]>;

/** The contract schemas the account forms check, fetched with Zod once a form shows (lib/form.ts). */
export const messagingChoiceSchema = schemaOnDemand(() =>
  import("../../../contract/auth").then((m) => m.messagingChoiceSchema),
);

export const phoneCodeSchema = schemaOnDemand(() =>
  import("../../../contract/recovery").then((m) => m.phoneCodeSchema),
);

export const clientProfileSchema = schemaOnDemand(() =>
  import("../../../contract/signup").then((m) => m.clientProfileSchema),
);

export const deleteAccountSchema = schemaOnDemand(() =>
  import("../../../contract/data-rights").then((m) => m.deleteAccountSchema),
);

export const clientTaxDetailsSchema = schemaOnDemand(() =>
  import("../../../contract/settings").then((m) => m.clientTaxDetailsSchema),
);

const changePassword = new Map<Role, SchemaLoader<ChangePasswordSchema>>();
/** A password change as `role` may make it (that role's minimum length); one loader per role. */
export function changePasswordSchema(role: Role): SchemaLoader<ChangePasswordSchema> {
  let loader = changePassword.get(role);
  if (!loader) {
    loader = schemaOnDemand(() => import("../../../contract/auth").then((m) => m.changePasswordFor(role)));
    changePassword.set(role, loader);
  }
  return loader;
}
