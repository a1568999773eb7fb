import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { errorStatus, getQueryFn } from "./api";

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called whenever the server answers 401 to a signed-in screen: the session has ended. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}
const notifyIf401 = (error: unknown) => {
  if (errorStatus(error) === 401) for (const l of unauthorizedListeners) l();
};

/** TanStack Query settings of SPEC section 7: never stale, no refetch on focus, no polling, no retries. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: notifyIf401 }),
  mutationCache: new MutationCache({ onError: notifyIf401 }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
