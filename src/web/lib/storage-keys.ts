/** Every key the web app keeps in local storage, in one place so logout can clear them all. */
export const storageKeys = {
  darkMode: "urithi:dark-mode",
  cart: "urithi:cart",
  /** Products picked to compare, kept with the cart and cleared with it. */
  shortlist: "urithi:shortlist",
  clientSession: "urithi:client-session",
  staffSession: "urithi:staff-session",
  /** A signed-in staff member's permissions: index.html's early reads start what their screen will ask. */
  staffPermissions: "urithi:staff-permissions",
  user: "urithi:user",
  session: "urithi:session",
  /** The language chosen on this device; it outlives a sign-out. */
  language: "urithi:language",
} as const;

/**
 * A client's cart kept on the device at sign-out, under their account, and put back when they sign in again:
 * the next person on a shared phone starts empty, and the farmer finds their cart where they left it.
 */
export const savedCartKey = (userId: number) => `urithi:cart:${userId}`;

/** The service worker's copy of the client's reads (catalogue, orders, session): emptied at sign-out. */
export const offlineDataCache = "urithi-client-data";
