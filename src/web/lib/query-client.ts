import { MutationCache, QueryCache, QueryClient, replaceEqualDeep } from "@tanstack/react-query";
import { apiErrorMessage, errorStatus, getQueryFn, type Listed, withListTotal } from "./api";

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called whenever the server answers 401 to a signed-in screen: the session has ended. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}
type RateListener = (message: string) => void;
const rateLimitedListeners = new Set<RateListener>();

/** Called whenever the server answers 429 (too many requests), with its message saying how long to wait. */
export function onRateLimited(listener: RateListener): () => void {
  rateLimitedListeners.add(listener);
  return () => rateLimitedListeners.delete(listener);
}

const notifyStatus = (error: unknown) => {
  const status = errorStatus(error);
  if (status === 401) for (const l of unauthorizedListeners) l();
  if (status === 429) {
    const message = apiErrorMessage(error) ?? "Too many requests. Please wait a moment and try again.";
    for (const l of rateLimitedListeners) l(message);
  }
};

/**
 * TanStack Query settings of SPEC section 7: never stale, no refetch on focus, no polling, no retries. The
 * browser has one client (`queryClient`); the server makes one per page it renders.
 */
export const newQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({ onError: notifyStatus }),
    mutationCache: new MutationCache({ onError: notifyStatus }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        // Sharing rows with the previous answer would drop a list's total (a property no copy carries).
        structuralSharing: (old, next) =>
          withListTotal(replaceEqualDeep(old, next), (next as Listed<unknown>)?.total),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        // Offline, reads still go out: the service worker answers the client's from its cache. Writes fail
        // at once with a network error the screen explains, instead of waiting unseen to fire later.
        networkMode: "offlineFirst",
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });

export const queryClient = newQueryClient();
