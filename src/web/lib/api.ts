import type { ApiError as ApiErrorBody, ErrorCode } from "../../contract/errors";
import { LIST_TOTAL_HEADER } from "../../contract/list-total";
import { urlFromQueryKey } from "../../contract/query-url";
import { dropEarlyReads, takeEarlyRead } from "./early-reads";
import { sayError, sayFieldError } from "./i18n/i18n";

/**
 * Any non-OK answer. Its message is `"<status>: <body text or status text>"` (SPEC section 8); the API's
 * own error (code, message, per-field messages) is kept typed beside it, when the body had that shape.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    text: string,
    readonly body: ApiErrorBody["error"] | undefined,
  ) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
  }
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }
  get fields(): Record<string, string> {
    return this.body?.fields ?? {};
  }
}

function parseErrorBody(text: string): ApiErrorBody["error"] | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<ApiErrorBody>;
    return typeof parsed?.error?.message === "string" ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new ApiError(res.status, text, parseErrorBody(text));
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
  // A write may change what a read started before it says (and a sign-in or sign-out, whose it is).
  if (method !== "GET") dropEarlyReads();
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

/** A list page as the server sent it, with how many rows its filters match ("10000+" past the cap). */
export type Listed<T> = T[] & { readonly total?: string };

/**
 * Keeps the list's total beside its rows without changing their type: a non-enumerable property, so the
 * rows still compare, serialise and spread as a plain array.
 */
export function withListTotal(data: unknown, total: string | null | undefined): unknown {
  if (Array.isArray(data) && total)
    Object.defineProperty(data, "total", { value: total, configurable: true });
  return data;
}

/** Reads a query key's URL as JSON; with `on401: "returnNull"` a 401 yields null instead of throwing. */
export function getQueryFn<T>({ on401 }: { on401: "returnNull" | "throw" }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T> => {
    const url = urlFromQueryKey(queryKey);
    // A good answer started with the page is kept, and a signed-out session's 401; anything else (a 429, an
    // error) is asked again.
    const early = await takeEarlyRead(url);
    if (early?.status === 200) return withListTotal(early.body, early.total) as T;
    if (early?.status === 401 && on401 === "returnNull") return null as T;
    const res = await fetch(url, { credentials: "include" });
    if (on401 === "returnNull" && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return withListTotal(await res.json(), res.headers.get(LIST_TOTAL_HEADER)) as T;
  };
}

/** The HTTP status of an error thrown above, if any. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** The API's own message for an error thrown above, when its body was the API error shape. */
export function apiErrorMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.body ? sayError(error.body.code, error.body.message) : undefined;
}

/** The API's per-field messages for a 400, keyed by field path (e.g. "geneticData.origin"). */
export function apiErrorFields(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([field, message]) => [field, sayFieldError(message)]),
  );
}
