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

/**
 * A link from elsewhere asks this screen for something once (`?new=1` opens a dialog, `?item=7` an item):
 * `handle` acts on the value and says whether it did, and a handled parameter leaves the address.
 */
export function useSearchParamOnce(name: string, handle: (value: string) => boolean, allowed = true): void {
  const [value, clear] = useSearchParam(name);
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    if (value && allowed && latest.current(value)) clear();
  }, [value, allowed, clear]);
}

/** A quick action elsewhere (the dashboard's New Order, Add Customer) lands with `?new=1`: run `open` once. */
export const useNewParam = (allowed: boolean, open: () => void): void =>
  useSearchParamOnce(
    "new",
    () => {
      open();
      return true;
    },
    allowed,
  );
