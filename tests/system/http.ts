/** A signed-in caller of a running server, over real HTTP (cookies by hand: each caller is one browser). */
export interface Caller {
  get(path: string): Promise<Response>;
  post(path: string, body: unknown): Promise<Response>;
}

export async function signIn(
  baseUrl: string,
  who: { email: string; password?: string; client?: boolean; address?: string },
): Promise<Caller> {
  const res = await fetch(`${baseUrl}${who.client ? "/api/client-login" : "/api/auth/login"}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      who.client
        ? { email: who.email, password: who.password ?? "demo1234" }
        : { username: who.email, password: who.password ?? "demo1234" },
    ),
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${who.email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.includes("urithi_sid"))
    .join("; ");
  return callerWith(baseUrl, cookie);
}

export function callerWith(baseUrl: string, cookie: string): Caller {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { get: (path) => send("GET", path), post: (path, body) => send("POST", path, body) };
}
