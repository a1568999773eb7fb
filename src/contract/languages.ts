/**
 * The languages the client side speaks. Plain data (no zod), so the web entry can read it without the
 * validation library; the schemas that check a language are in auth.ts.
 */
export const languages = ["en", "sw"] as const;
export type Language = (typeof languages)[number];

/** Each language named in itself, as a switcher shows it. */
export const languageNames: Record<Language, string> = { en: "English", sw: "Kiswahili" };

/** The locale that formats numbers, money and dates for each language. */
export const languageLocales: Record<Language, string> = { en: "en-KE", sw: "sw-KE" };

/** The installable app's manifest in each language: its name and description as the home screen shows them. */
export const manifestPaths: Record<Language, string> = {
  en: "/manifest.webmanifest",
  sw: "/manifest.sw.webmanifest",
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (languages as readonly string[]).includes(value);

/**
 * The language the browser last showed, kept in a cookie as well as on the device, so that the server
 * renders a first page in the language the browser will then carry on in.
 */
export const LANGUAGE_COOKIE = "urithi_lang";
