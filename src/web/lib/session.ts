import { useQuery } from "@tanstack/react-query";
import type { ClientSession, MeResponse } from "../../contract/auth";
import { apiRequest, getQueryFn } from "./api";
import { queryClient } from "./query-client";
import { storageKeys } from "./storage-keys";

export const meQueryKey = ["/api/auth/me"] as const;

/** The signed-in user (staff or client) according to the server; null when signed out. */
export function useSession() {
  return useQuery<MeResponse | null>({ queryKey: meQueryKey, queryFn: getQueryFn({ on401: "returnNull" }) });
}

export function rememberClientSession(session: ClientSession): void {
  localStorage.setItem(storageKeys.clientSession, JSON.stringify(session));
}

/** Ends the server session and forgets everything this browser kept about it. */
export async function signOut(options: { clearCart?: boolean } = {}): Promise<void> {
  try {
    await apiRequest("POST", "/api/auth/logout");
  } catch {
    // Already signed out on the server (e.g. idle timeout): clearing locally is all that is left.
  }
  for (const key of [
    storageKeys.staffSession,
    storageKeys.user,
    storageKeys.session,
    storageKeys.clientSession,
  ]) {
    localStorage.removeItem(key);
  }
  if (options.clearCart) localStorage.removeItem(storageKeys.cart);
  sessionStorage.clear();
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, null);
}
