import { Link } from "wouter";
import { Button } from "../../components/ui/button";

export function PublicHeader({ sections = true }: { sections?: boolean }) {
  return (
    <header className="sticky top-0 z-20 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link href="/" className="flex items-center gap-2 font-semibold">
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-800 text-white">
            U
          </span>
          Urithi
        </Link>
        {sections && (
          <nav className="hidden flex-1 justify-center gap-6 text-sm md:flex" aria-label="Sections">
            <a href="#services" className="hover:text-brand-700">
              Services
            </a>
            <a href="#breeds" className="hover:text-brand-700">
              Breeds
            </a>
            <a href="#about" className="hover:text-brand-700">
              About
            </a>
            <a href="#contact" className="hover:text-brand-700">
              Contact
            </a>
          </nav>
        )}
        <div className="ml-auto flex gap-2">
          <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
            <Link href="/login">Staff Login</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link href="/client-login">Client Login</Link>
          </Button>
          <Button asChild size="sm">
            <Link href="/client-signup">Get Started</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
