import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { apiErrorMessage, errorStatus, getQueryFn } from "./api";

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

/** TanStack Query settings of SPEC section 7: never stale, no refetch on focus, no polling, no retries. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: notifyStatus }),
  mutationCache: new MutationCache({ onError: notifyStatus }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
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
