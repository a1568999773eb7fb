import { Award, Dna, HeartHandshake, Mail, MapPin, Phone, Syringe } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { MailLink, TelLink, urithiContact } from "../../components/contact-links";
import { LinkButton } from "../../components/link-button";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { PublicHeader } from "./public-header";

const stats = [
  ["2,000+", "successful births"],
  ["500+", "farmers served"],
  ["95%", "success rate"],
  ["10+", "years of experience"],
] as const;

const services = [
  {
    icon: Syringe,
    title: "Artificial Insemination",
    text: "Sexed and conventional semen from proven sires, inseminated by our vets on your farm.",
  },
  {
    icon: Dna,
    title: "Embryo Transfer",
    text: "IVF and flushed embryos from elite donors, transferred into your synchronised recipients.",
  },
  {
    icon: HeartHandshake,
    title: "Breeding Consultation",
    text: "Herd plans matched to your climate, feed base and market, with follow-up after calving.",
  },
];

const breeds = [
  { name: "Holstein Friesian", text: "The highest milk yields, for well-managed herds in cooler highlands." },
  { name: "Jersey", text: "Rich butterfat on less feed: ideal for smallholder zero-grazing." },
  { name: "Ayrshire", text: "Hardy and efficient, thriving at high altitude in the Rift Valley." },
];

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
  return (
    <div className="min-h-screen">
      <PublicHeader />
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 px-4 py-20 text-white">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-4xl font-bold sm:text-5xl">Better genetics for Kenyan herds</h1>
          <p className="mt-4 text-lg text-brand-50">
            Embryos, semen and breeding services from Brazilian and Kenyan bloodlines, delivered cold-chain to
            your farm.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <LinkButton href="/client-signup" size="lg" className="bg-white text-brand-800 hover:bg-brand-50">
              Get Started
            </LinkButton>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white bg-transparent text-white hover:bg-brand-700"
            >
              <Link href="/client-login">Client Login</Link>
            </Button>
          </div>
        </div>
      </section>
      <section
        className="mx-auto grid max-w-5xl grid-cols-2 gap-4 px-4 py-10 sm:grid-cols-4"
        aria-label="Our record"
      >
        {stats.map(([value, label]) => (
          <div key={label} className="text-center">
            <p className="text-3xl font-bold text-brand-700">{value}</p>
            <p className="text-sm text-gray-600 dark:text-gray-400">{label}</p>
          </div>
        ))}
      </section>
      <CardSection id="services" title="Services">
        {services.map((s) => (
          <InfoCard
            key={s.title}
            title={s.title}
            text={s.text}
            icon={<s.icon className="h-8 w-8 text-brand-700" aria-hidden />}
          />
        ))}
      </CardSection>
      <CardSection id="breeds" title="Breeds">
        {breeds.map((b) => (
          <InfoCard key={b.name} title={b.name} text={b.text} />
        ))}
      </CardSection>
      <section id="about" className="mx-auto max-w-4xl px-4 py-10 text-center">
        <Award className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
        <h2 className="mt-3 text-3xl font-bold">About Urithi</h2>
        <p className="mt-3 text-gray-600 dark:text-gray-400">
          Urithi means heritage. From our Nakuru laboratory we store, test and deliver cattle genetics to
          farms across Kenya, and our vets stay with you from service to calving.
        </p>
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
      <footer className="border-t border-gray-200 px-4 py-6 text-center text-sm text-gray-500 dark:border-gray-800">
        © {new Date().getFullYear()} Urithi Cattle Genetics · Nakuru, Kenya
      </footer>
    </div>
  );
}
