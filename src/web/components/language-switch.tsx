import { type Language, languageNames, languages } from "../../contract/languages";
import { apiJson } from "../lib/api";
import { cn } from "../lib/cn";
import { chooseLanguage, currentLanguage, useT } from "../lib/i18n/i18n";
import { useSession } from "../lib/session";

/**
 * English or Kiswahili, in the header. The choice is remembered on this device and, for someone signed
 * in, on their account, so the SMS and email we send them come in it too.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const signedIn = Boolean(useSession().data?.user);
  const choose = async (language: Language) => {
    await chooseLanguage(language);
    if (signedIn) {
      // The screen has already switched; if saving fails the account keeps its old choice until next time.
      apiJson("PUT", "/api/auth/language", { language }).catch(() => undefined);
    }
  };
  return (
    <select
      aria-label={t("language.label")}
      value={currentLanguage()}
      onChange={(e) => choose(e.target.value as Language)}
      className={cn(
        "h-11 rounded-md border border-gray-300 bg-white px-2 text-sm sm:h-9 dark:border-gray-700 dark:bg-gray-900",
        className,
      )}
    >
      {languages.map((l) => (
        <option key={l} value={l} lang={l}>
          {languageNames[l]}
        </option>
      ))}
    </select>
  );
}
