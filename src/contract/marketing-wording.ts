import type { Language } from "./languages";

/**
 * The words a person agrees to for marketing, in the language they read them in; the consent keeps the exact
 * words shown. Order and payment messages are a service and need no consent.
 */
export const marketingWording: Record<Language, string> = {
  en: "Send me news, offers and breeding tips from Urithi by SMS and email. I can stop this at any time.",
  sw: "Nitumie habari, ofa na ushauri wa ufugaji kutoka Urithi kwa SMS na barua pepe. Ninaweza kusitisha wakati wowote.",
};
