import { queryClient } from "./query-client";

/** Refetches every query whose URL starts with one of these API paths. */
export function invalidatePaths(...prefixes: string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) =>
      typeof q.queryKey[0] === "string" && prefixes.some((p) => (q.queryKey[0] as string).startsWith(p)),
  });
}

/**
 * A mutation's onSuccess that refetches these paths without holding up the caller's own callbacks: a
 * form the refetch unmounts (a decided order, a paid invoice) would otherwise never run them.
 */
export const refetchAfterSuccess =
  (...prefixes: string[]) =>
  (): void => {
    void invalidatePaths(...prefixes);
  };
