import { Link } from "wouter";
import { LanguageSwitch } from "../../components/language-switch";
import { PhoneMenu, phoneMenuLink } from "../../components/layout/phone-menu";
import { LinkButton } from "../../components/link-button";
import { type MessageId, useT } from "../../lib/i18n/i18n";

const sections = [
  ["services", "nav.services"],
  ["breeds", "nav.breeds"],
  ["about", "nav.about"],
  ["contact", "nav.contact"],
] as const satisfies readonly (readonly [string, MessageId])[];

export function PublicHeader({ sections: showSections = true }: { sections?: boolean }) {
  const t = useT();
  return (
    <header className="sticky top-0 z-20 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <Link href="/" className="flex min-h-11 items-center gap-2 font-semibold">
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-800 text-white">
            U
          </span>
          <span className="hidden sm:inline">Urithi</span>
        </Link>
        {showSections && (
          <nav className="hidden flex-1 justify-center gap-6 text-sm md:flex" aria-label="Sections">
            {sections.map(([id, label]) => (
              <a key={id} href={`#${id}`} className="hover:text-brand-700">
                {t(label)}
              </a>
            ))}
          </nav>
        )}
        <div className="ml-auto flex gap-2">
          <LanguageSwitch />
          <LinkButton href="/login" variant="ghost" size="sm" className="hidden md:inline-flex">
            {t("nav.staffLogin")}
          </LinkButton>
          <LinkButton href="/client-login" variant="outline" size="sm" className="hidden sm:inline-flex">
            {t("nav.clientLogin")}
          </LinkButton>
          <LinkButton href="/client-signup" size="sm">
            {t("nav.getStarted")}
          </LinkButton>
        </div>
        <PhoneMenu label={t("menu.label")}>
          {showSections &&
            sections.map(([id, label]) => (
              <a key={id} href={`#${id}`} className={phoneMenuLink}>
                {t(label)}
              </a>
            ))}
          <Link href="/client-login" className={phoneMenuLink}>
            {t("nav.clientLogin")}
          </Link>
          <Link href="/login" className={phoneMenuLink}>
            {t("nav.staffLogin")}
          </Link>
        </PhoneMenu>
      </div>
    </header>
  );
}
