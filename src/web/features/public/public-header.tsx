import { Link } from "wouter";
import { PhoneMenu, phoneMenuLink } from "../../components/layout/phone-menu";
import { LinkButton } from "../../components/link-button";

const sectionLinks = ["Services", "Breeds", "About", "Contact"];

export function PublicHeader({ sections = true }: { sections?: boolean }) {
  return (
    <header className="sticky top-0 z-20 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <Link href="/" className="flex min-h-11 items-center gap-2 font-semibold">
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-800 text-white">
            U
          </span>
          Urithi
        </Link>
        {sections && (
          <nav className="hidden flex-1 justify-center gap-6 text-sm md:flex" aria-label="Sections">
            {sectionLinks.map((section) => (
              <a key={section} href={`#${section.toLowerCase()}`} className="hover:text-brand-700">
                {section}
              </a>
            ))}
          </nav>
        )}
        <div className="ml-auto flex gap-2">
          <LinkButton href="/login" variant="ghost" size="sm" className="hidden md:inline-flex">
            Staff Login
          </LinkButton>
          <LinkButton href="/client-login" variant="outline" size="sm">
            Client Login
          </LinkButton>
          <LinkButton href="/client-signup" size="sm">
            Get Started
          </LinkButton>
        </div>
        <PhoneMenu label="Menu">
          {sections &&
            sectionLinks.map((section) => (
              <a key={section} href={`#${section.toLowerCase()}`} className={phoneMenuLink}>
                {section}
              </a>
            ))}
          <Link href="/login" className={phoneMenuLink}>
            Staff Login
          </Link>
        </PhoneMenu>
      </div>
    </header>
  );
}
