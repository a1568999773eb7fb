import { useCallback } from "react";
import { useLocation, useSearch } from "wouter";

/** One query-string parameter of the current screen, and a way to clear it (e.g. `?new=1` opens a dialog). */
export function useSearchParam(name: string): [string | null, () => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const value = new URLSearchParams(search).get(name);
  const clear = useCallback(() => {
    const params = new URLSearchParams(search);
    params.delete(name);
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate, name]);
  return [value, clear];
}
