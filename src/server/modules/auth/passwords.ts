/**
 * argon2 (a native library, about 3 MB resident) is loaded by the first password hashed or checked, not at
 * start: a restarted server whose sessions carry on needs none (decision 46).
 */
let argon2: Promise<typeof import("@node-rs/argon2")> | undefined;
const library = () => {
  argon2 ??= import("@node-rs/argon2");
  return argon2;
};

/** argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's minimum recommendation). */
export async function hashPassword(password: string): Promise<string> {
  return (await library()).hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password; with no stored hash it still spends the same work on a throwaway hash,
 * so response time does not tell whether an account exists.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  const { verify } = await library();
  // An unknown account, or staff invited who have not yet chosen a password.
  if (!storedHash) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
