/**
 * Where to go after signing in, from `?next=`: only a path on this site, so a crafted link cannot send a
 * farmer who has just typed their password to somebody else's page.
 */
export function nextPath(search: string, fallback: string): string {
  const next = new URLSearchParams(search).get("next");
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return fallback;
  return next;
}

/** The client login that comes back to `path` afterwards. */
export const clientLoginThen = (path: string) => `/client-login?next=${encodeURIComponent(path)}`;
