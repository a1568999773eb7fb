/**
 * The URL a query key stands for: the path, then an optional object of query parameters. Plain code: the
 * server asks a staff screen's first reads at it, and the build's preload plugin writes them with it
 * (contract/first-reads.ts), as the web app's API client does.
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
