/** Every key the web app keeps in local storage, in one place so logout can clear them all. */
export const storageKeys = {
  darkMode: "urithi:dark-mode",
  cart: "urithi:cart",
  /** Products picked to compare, kept with the cart and cleared with it. */
  shortlist: "urithi:shortlist",
  clientSession: "urithi:client-session",
  staffSession: "urithi:staff-session",
  user: "urithi:user",
  session: "urithi:session",
  /** The language chosen on this device; it outlives a sign-out. */
  language: "urithi:language",
} as const;

/** The service worker's copy of the client's reads (catalogue, orders, session): emptied at sign-out. */
export const offlineDataCache = "urithi-client-data";
