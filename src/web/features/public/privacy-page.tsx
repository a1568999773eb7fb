import { Link } from "wouter";
import { MailLink, urithiContact } from "../../components/contact-links";
import { Card } from "../../components/ui/card";
import { type MessageId, useT } from "../../lib/i18n/i18n";

/** The notice's sections, each a heading and its paragraph, in the reader's language. */
const sections: [heading: MessageId, text: MessageId][] = [
  ["privacy.whoHeading", "privacy.who"],
  ["privacy.whatHeading", "privacy.what"],
  ["privacy.whyHeading", "privacy.why"],
  ["privacy.marketingHeading", "privacy.marketing"],
  ["privacy.keepHeading", "privacy.keep"],
  ["privacy.shareHeading", "privacy.share"],
  ["privacy.rightsHeading", "privacy.rights"],
];

/** The privacy notice (Kenya's Data Protection Act 2019), public, in English and Kiswahili. */
export default function PrivacyPage() {
  const t = useT();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="min-h-screen bg-gradient-to-br from-brand-50 to-white p-4 py-10 dark:from-gray-950 dark:to-gray-900"
    >
      <article className="mx-auto max-w-2xl space-y-6">
        <header className="space-y-1">
          <h1 className="text-2xl font-bold">{t("title.privacy")}</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("privacy.intro")}</p>
        </header>
        <Card className="space-y-5 p-6">
          {sections.map(([heading, text]) => (
            <section key={heading} className="space-y-1">
              <h2 className="text-lg font-semibold">{t(heading)}</h2>
              <p className="text-sm leading-relaxed">{t(text)}</p>
            </section>
          ))}
          <p className="text-sm">
            {t("privacy.contact")} <MailLink email={urithiContact.email.info} />
          </p>
        </Card>
        <p className="text-center text-sm">
          <Link
            href="/client-signup"
            className="font-medium text-brand-700 hover:underline dark:text-brand-500"
          >
            {t("privacy.signup")}
          </Link>{" "}
          ·{" "}
          <Link href="/" className="font-medium text-brand-700 hover:underline dark:text-brand-500">
            {t("login.home")}
          </Link>
        </p>
      </article>
    </main>
  );
}
