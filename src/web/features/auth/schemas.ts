import { schemaOnDemand } from "../../lib/form";

/** The contract schemas the sign-in and signup forms check, fetched with Zod once a form shows (lib/form.ts). */
export const clientLoginSchema = schemaOnDemand(() =>
  import("../../../contract/auth").then((m) => m.clientLoginSchema),
);
export const signupSchema = schemaOnDemand(() =>
  import("../../../contract/signup").then((m) => m.signupSchema),
);
export const setPasswordSchema = schemaOnDemand(() =>
  import("../../../contract/staff").then((m) => m.setPasswordFormSchema),
);
export const forgotByEmailSchema = schemaOnDemand(() =>
  import("../../../contract/recovery").then((m) => m.forgotByEmailFormSchema),
);
export const forgotByPhoneSchema = schemaOnDemand(() =>
  import("../../../contract/recovery").then((m) => m.forgotByPhoneFormSchema),
);
export const codeResetSchema = schemaOnDemand(() =>
  import("../../../contract/recovery").then((m) => m.codeResetFormSchema),
);
export const phoneFormSchema = schemaOnDemand(() =>
  import("../../../contract/phone-sign-in").then((m) => m.phoneFormSchema),
);
export const phoneCodeFormSchema = schemaOnDemand(() =>
  import("../../../contract/recovery").then((m) => m.phoneCodeSchema),
);
export const phoneSignupSchema = schemaOnDemand(() =>
  import("../../../contract/phone-sign-in").then((m) => m.phoneSignupSchema),
);
