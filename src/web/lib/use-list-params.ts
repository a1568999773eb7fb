import { useLocation, useSearch } from "wouter";

export interface ListParams<K extends string> {
  /** Each parameter as the address holds it, or its default. */
  values: Record<K, string>;
  /**
   * Changes some parameters (null clears one, undefined leaves it); a change that does not name `page` goes
   * back to the first page.
   */
  set: (change: Partial<Record<K | "page", string | null>>) => void;
}

/**
 * A list screen's filters, sort and page kept in the address, so Back, a reload or a shared link returns to
 * the same rows. A parameter at its default leaves the address. The address is replaced, not pushed: typing
 * a search adds no history entries.
 */
export function useListParams<K extends string>(defaults: Record<K, string>): ListParams<K> {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const values = Object.fromEntries(
    Object.entries<string>(defaults).map(([k, d]) => [k, params.get(k) ?? d]),
  ) as Record<K, string>;
  const set = (change: Partial<Record<K | "page", string | null>>) => {
    // Read at the moment of the change: two changes in one event both land.
    const next = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(change) as [string, string | null | undefined][]) {
      if (v === undefined) continue;
      if (v === null || v === "" || v === (defaults as Record<string, string>)[k]) next.delete(k);
      else next.set(k, v);
    }
    if (!("page" in change)) next.delete("page");
    const rest = next.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  };
  return { values, set };
}

/** The sort the address holds, as list query `Q` takes it (the select offers only the fields Q declares). */
export const sortOf = <Q extends { sort?: string; order?: string }>(values: {
  sort: string;
  order: string;
}) => ({ sort: values.sort, order: values.order }) as Pick<Q, "sort" | "order">;
