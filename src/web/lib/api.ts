import type { ApiError } from "../../contract/errors";

/** Throws `"<status>: <body text or status text>"` for any non-OK answer (SPEC section 7). */
async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/** A fresh Idempotency-Key: one per user attempt, so a double tap or a retry does the thing once. */
export const newIdempotencyKey = () => crypto.randomUUID();

/** Sends a request with cookies; writes carry a JSON body, and optionally an Idempotency-Key. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  idempotencyKey?: string,
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(data !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
    },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(res);
  return res;
}

export async function apiJson<T>(
  method: string,
  url: string,
  data?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  return (await apiRequest(method, url, data, idempotencyKey)).json() as Promise<T>;
}

/** Builds the URL a query key stands for: the path, then an optional object of query parameters. */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  const [path, params] = queryKey;
  if (params === null || typeof params !== "object") return String(path);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : String(path);
}

/** Reads a query key's URL as JSON; with `on401: "returnNull"` a 401 yields null instead of throwing. */
export function getQueryFn<T>({ on401 }: { on401: "returnNull" | "throw" }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T> => {
    const res = await fetch(urlFromQueryKey(queryKey), { credentials: "include" });
    if (on401 === "returnNull" && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** The HTTP status of an error thrown above, if any. */
export function errorStatus(error: unknown): number | undefined {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

function apiErrorBody(error: unknown): ApiError["error"] | undefined {
  if (!(error instanceof Error)) return undefined;
  try {
    return (JSON.parse(error.message.replace(/^\d{3}: /, "")) as ApiError).error;
  } catch {
    return undefined;
  }
}

/** The API's own message for an error thrown above, when its body was the API error shape. */
export function apiErrorMessage(error: unknown): string | undefined {
  return apiErrorBody(error)?.message;
}

/** The API's per-field messages for a 400, keyed by field path (e.g. "geneticData.origin"). */
export function apiErrorFields(error: unknown): Record<string, string> {
  return apiErrorBody(error)?.fields ?? {};
}
