import { useQuery } from "@tanstack/react-query";
import type { ClientSession, MeResponse } from "../../contract/auth";
import { apiRequest, getQueryFn } from "./api";
import { queryClient } from "./query-client";
import { offlineDataCache, savedCartKey, storageKeys } from "./storage-keys";

export const meQueryKey = ["/api/auth/me"] as const;
const sessionQuery = {
  queryKey: meQueryKey,
  queryFn: getQueryFn<MeResponse | null>({ on401: "returnNull" }),
  // A failed answer (429, offline) is not asked again each time a component that reads the session mounts:
  // a screen that shows a spinner while the session loads would otherwise ask, spin, and ask again forever.
  retryOnMount: false,
};

/**
 * Keeps a staff member's permissions for index.html's early reads (contract/first-reads.ts), however the
 * session was learnt (read, signed in, ended by a 401), and forgets them for a client or nobody.
 */
function keepStaffPermissions(session: MeResponse | null): void {
  try {
    if (session && session.user.role !== "client") {
      localStorage.setItem(storageKeys.staffPermissions, JSON.stringify(session.user.permissions));
    } else localStorage.removeItem(storageKeys.staffPermissions);
  } catch {
    // Storage full or refused: the screens then ask for their reads themselves.
  }
}
if (typeof window !== "undefined") {
  queryClient.getQueryCache().subscribe((event) => {
    if (
      event.type === "updated" &&
      event.action.type === "success" &&
      event.query.queryKey[0] === meQueryKey[0]
    )
      keepStaffPermissions(event.query.state.data as MeResponse | null);
  });
}

/** The signed-in user (staff or client) according to the server; null when signed out. */
export function useSession() {
  return useQuery<MeResponse | null>(sessionQuery);
}

/** Asks for the session as the app starts, beside the first screen's code; null when signed out or offline. */
export function prefetchSession(): Promise<MeResponse | null> {
  return queryClient.fetchQuery(sessionQuery).catch(() => null);
}

/**
 * Reads the session from the server and waits for it. After a sign-in the cached answer may still be
 * the signed-out `null`, and a guarded screen opened before a background refetch lands would send the
 * person straight back to the login form.
 */
export function refreshSession(): Promise<MeResponse | null> {
  return queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
}

const signedOutListeners = new Set<() => void>();

/** Runs `listener` whenever this browser signs out, so state kept in memory (the cart) goes with it. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

export function rememberClientSession(session: ClientSession): void {
  localStorage.setItem(storageKeys.clientSession, JSON.stringify(session));
}

/**
 * Ends the server session and forgets everything this browser kept about it. A client's cart is put aside
 * under their account (restoreSavedCart brings it back at their next sign-in): the next person on a shared
 * phone starts with an empty one.
 */
export async function signOut(): Promise<void> {
  const user = queryClient.getQueryData<MeResponse | null>(meQueryKey)?.user;
  const cart = localStorage.getItem(storageKeys.cart);
  if (user?.role === "client" && cart && cart !== "[]") {
    try {
      localStorage.setItem(savedCartKey(user.id), cart);
    } catch {
      // Storage full: the cart goes with the session, as before.
    }
  }
  try {
    await apiRequest("POST", "/api/auth/logout");
  } catch {
    // Already signed out on the server (e.g. idle timeout): clearing locally is all that is left.
  }
  for (const key of [
    storageKeys.staffSession,
    storageKeys.staffPermissions,
    storageKeys.user,
    storageKeys.session,
    storageKeys.clientSession,
    storageKeys.cart,
    storageKeys.shortlist,
  ]) {
    localStorage.removeItem(key);
  }
  sessionStorage.clear();
  // The next person on a shared phone must not read this client's orders offline either.
  if ("caches" in window) await caches.delete(offlineDataCache).catch(() => false);
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, null);
  for (const listener of signedOutListeners) listener();
}
