import { createRequire } from "node:module";
import { COMMON_PASSWORD_MESSAGE, minPasswordLength, passwordTooShort } from "../../../contract/auth";
import type { Role } from "../../../contract/roles";
import { validationError } from "../../errors";

let common: Set<string> | undefined;

const COMMON_PASSWORD_COUNT = 10_000;

/**
 * The 10,000 most common passwords, compared case-insensitively: the head of zxcvbn-ts's frequency-ordered
 * list (MIT), taken from the package rather than copied into the repo so it stays one reviewed source.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const list: string[] = createRequire(import.meta.url)("@zxcvbn-ts/language-common/src/passwords.json");
    common = new Set(list.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.trim().toLowerCase()));
  }
  return common;
}

export const isCommonPassword = (password: string) => commonPasswords().has(password.trim().toLowerCase());

/** Refuses a new password that is too short for the role or among the most common, as a field error. */
export function assertAcceptablePassword(password: string, role: Role, field = "password"): void {
  const min = minPasswordLength(role);
  if (password.length < min) throw validationError(passwordTooShort(min), { [field]: passwordTooShort(min) });
  if (isCommonPassword(password)) {
    throw validationError(COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
  }
}
