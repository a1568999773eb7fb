/**
 * The URL a query key stands for: the path, then an optional object of query parameters. Plain code: the
 * build's preload plugin writes staff screens' first reads with it too (scripts/vite-route-preloads.ts).
 */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  const [path, params] = queryKey;
  if (params === null || typeof params !== "object") return String(path);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : String(path);
}
