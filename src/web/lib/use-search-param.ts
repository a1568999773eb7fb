import { useCallback, useEffect, useRef } from "react";
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

/** A quick action elsewhere (the dashboard's New Order, Add Customer) lands with `?new=1`: run `open` once. */
export function useNewParam(allowed: boolean, open: () => void): void {
  const [value, clear] = useSearchParam("new");
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    if (value && allowed) {
      latest.current();
      clear();
    }
  }, [value, allowed, clear]);
}
