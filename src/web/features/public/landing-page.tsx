import { Award, Dna, HeartHandshake, Mail, MapPin, Phone, ShoppingBag, Syringe } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { MailLink, TelLink, urithiContact } from "../../components/contact-links";
import { LinkButton } from "../../components/link-button";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { type MessageId, useT } from "../../lib/i18n/i18n";
import { PublicHeader } from "./public-header";

const stats = [
  ["2,000+", "landing.stat.births"],
  ["500+", "landing.stat.farmers"],
  ["95%", "landing.stat.success"],
  ["10+", "landing.stat.years"],
] as const satisfies readonly (readonly [string, MessageId])[];

const services = [
  { icon: Syringe, title: "landing.service.ai.title", text: "landing.service.ai.text" },
  { icon: Dna, title: "landing.service.et.title", text: "landing.service.et.text" },
  { icon: HeartHandshake, title: "landing.service.advice.title", text: "landing.service.advice.text" },
] as const satisfies readonly { icon: unknown; title: MessageId; text: MessageId }[];

/** Breed names are the same in every language; what they are good for is translated. */
const breeds = [
  { name: "Holstein Friesian", text: "landing.breed.holstein" },
  { name: "Jersey", text: "landing.breed.jersey" },
  { name: "Ayrshire", text: "landing.breed.ayrshire" },
] as const satisfies readonly { name: string; text: MessageId }[];

/** A section of the landing page: a heading over a grid of cards. */
function CardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="mx-auto max-w-6xl px-4 py-10">
      <h2 className="mb-6 text-center text-3xl font-bold">{title}</h2>
      <div className="grid gap-4 md:grid-cols-3">{children}</div>
    </section>
  );
}

function InfoCard({ title, text, icon }: { title: string; text: string; icon?: ReactNode }) {
  return (
    <Card className="p-6">
      {icon}
      <h3 className={icon ? "mt-3 text-lg font-semibold" : "text-lg font-semibold"}>{title}</h3>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{text}</p>
    </Card>
  );
}

export default function LandingPage() {
  const t = useT();
  return (
    <div className="min-h-screen">
      <PublicHeader />
      <main id="main" tabIndex={-1}>
        <section className="bg-gradient-to-br from-brand-800 to-brand-600 px-4 py-20 text-white">
          <div className="mx-auto max-w-4xl text-center">
            <h1 className="text-4xl font-bold sm:text-5xl">{t("landing.title")}</h1>
            <p className="mt-4 text-lg text-brand-50">{t("landing.lead")}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <LinkButton href="/shop" size="lg" className="bg-white text-brand-800 hover:bg-brand-50">
                <ShoppingBag /> {t("landing.browse")}
              </LinkButton>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-white bg-transparent text-white hover:bg-brand-700"
              >
                <Link href="/client-signup">{t("nav.getStarted")}</Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-white bg-transparent text-white hover:bg-brand-700"
              >
                <Link href="/client-login">{t("nav.clientLogin")}</Link>
              </Button>
            </div>
          </div>
        </section>
        <section
          className="mx-auto grid max-w-5xl grid-cols-2 gap-4 px-4 py-10 sm:grid-cols-4"
          aria-label={t("landing.record")}
        >
          {stats.map(([value, label]) => (
            <div key={label} className="text-center">
              <p className="text-3xl font-bold text-brand-700">{value}</p>
              <p className="text-sm text-gray-600 dark:text-gray-400">{t(label)}</p>
            </div>
          ))}
        </section>
        <CardSection id="services" title={t("nav.services")}>
          {services.map((s) => (
            <InfoCard
              key={s.title}
              title={t(s.title)}
              text={t(s.text)}
              icon={<s.icon className="h-8 w-8 text-brand-700" aria-hidden />}
            />
          ))}
        </CardSection>
        <CardSection id="breeds" title={t("nav.breeds")}>
          {breeds.map((b) => (
            <InfoCard key={b.name} title={b.name} text={t(b.text)} />
          ))}
        </CardSection>
        <section id="about" className="mx-auto max-w-4xl px-4 py-10 text-center">
          <Award className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
          <h2 className="mt-3 text-3xl font-bold">{t("landing.about.title")}</h2>
          <p className="mt-3 text-gray-600 dark:text-gray-400">{t("landing.about.text")}</p>
        </section>
        <section id="contact" className="mx-auto max-w-4xl px-4 py-10">
          <Card className="grid gap-4 p-6 sm:grid-cols-3">
            <p className="flex items-center gap-2 text-sm">
              <MapPin className="h-4 w-4 text-brand-700" aria-hidden /> Nakuru, Kenya
            </p>
            <p className="flex items-center gap-2 text-sm">
              <Phone className="h-4 w-4 text-brand-700" aria-hidden />
              <TelLink phone={urithiContact.phone} className="inline-flex min-h-11 items-center" />
            </p>
            <p className="flex items-center gap-2 text-sm">
              <Mail className="h-4 w-4 text-brand-700" aria-hidden />
              <MailLink email={urithiContact.email.info} className="inline-flex min-h-11 items-center" />
            </p>
          </Card>
        </section>
      </main>
      <footer className="border-t border-gray-200 px-4 py-6 text-center text-sm text-gray-500 dark:border-gray-800">
        {t("landing.footer", { year: String(new Date().getFullYear()) })} ·{" "}
        <Link
          href="/privacy"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-brand-500"
        >
          {t("privacy.link")}
        </Link>
      </footer>
    </div>
  );
}
