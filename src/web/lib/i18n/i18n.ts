import { i18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { ErrorCode } from "../../../contract/errors";
import {
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  languageLocales,
  manifestPaths,
} from "../../../contract/languages";
import { storageKeys } from "../storage-keys";
import { compiledCatalog } from "./catalog";
import type { MessageId } from "./en";

export type { MessageId };

export { i18n };

/**
 * The language for a first visit: the one chosen before on this device, else the browser's own
 * preference when it asks for Kiswahili, else English.
 */
export function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(storageKeys.language);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage blocked: fall through to the browser's languages.
  }
  const asked = typeof navigator === "undefined" ? [] : navigator.languages;
  return asked.some((l) => l.toLowerCase().startsWith("sw")) ? "sw" : "en";
}

/** The Kiswahili for what the contract and the server say; null while the language is English. */
type ServerWords = ((text: string) => string | undefined) | null;
let serverWords: ServerWords = null;
const wordsOf = new Map<Language, ServerWords>();

/** Loads a language's messages (their own small chunks) without switching to it. */
export async function loadLanguage(language: Language): Promise<void> {
  if (wordsOf.has(language)) return;
  const [messages, words] = await Promise.all([
    compiledCatalog(language),
    language === "sw" ? import("./server-words-sw").then((m) => m.translateServerWords) : null,
  ]);
  i18n.load(language, messages);
  wordsOf.set(language, words);
}

/**
 * Switches every screen to a language already loaded. The server renders a page in the visitor's language
 * this way, synchronously, so two pages rendered one after the other never share a language by mistake.
 */
export function switchLanguage(language: Language): void {
  if (!wordsOf.has(language)) throw new Error(`The ${language} messages are not loaded`);
  serverWords = wordsOf.get(language) ?? null;
  i18n.activate(language);
}

/** Loads a language's messages and switches every screen to it; the server learns it from a cookie. */
export async function activate(language: Language): Promise<void> {
  await loadLanguage(language);
  switchLanguage(language);
  if (typeof document === "undefined") return;
  document.documentElement.lang = language;
  document.querySelector('link[rel="manifest"]')?.setAttribute("href", manifestPaths[language]);
  // biome-ignore lint/suspicious/noDocumentCookie: one of two fixed words; older phones lack cookieStore
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** A choice the person made: remembered on this device (the account keeps it too, see LanguageSwitch). */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(storageKeys.language, language);
  } catch {
    // Storage blocked: the choice lasts this visit.
  }
  await activate(language);
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : "en");

/** The locale for Intl formatting in the current language. */
export const currentLocale = (): string => languageLocales[currentLanguage()];

/**
 * What the contract's checks or the server said (written in English), in the reader's language when it is
 * a message we translate; otherwise as it came.
 */
export function say(text: string): string;
export function say<T extends null | undefined>(text: string | T): string | T;
export function say(text: string | null | undefined): string | null | undefined {
  return text == null ? text : (serverWords?.(text) ?? text);
}

/**
 * What the API answered, in the reader's language: its own message when we translate it, else the general
 * words for its code (so a Kiswahili reader never meets English); in English, the message as it came.
 */
export function sayError(code: ErrorCode, message: string): string {
  return serverWords ? (serverWords(message) ?? t(`error.${code}`)) : message;
}

/** A field's message from the API, in the reader's language; "check this field" when we have no words for it. */
export function sayFieldError(message: string): string {
  return serverWords ? (serverWords(message) ?? t("error.field")) : message;
}

/** One message in the current language; `values` fill its {placeholders}. */
export function t(id: MessageId, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}

/** `t` for a component, which then re-renders when the language changes. */
export function useT(): typeof t {
  useLingui();
  return t;
}
