import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import type { Role } from "../../../contract/roles";
import { PageHeader } from "../../components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadingBars } from "../../components/ui/loading-bars";
import { formatDateTime } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { useSession } from "../../lib/session";
import { accountQueries } from "./api";
import { ChangePasswordForm } from "./change-password-form";
import { MessagePreferences } from "./message-preferences";
import { MyDataCard } from "./my-data-card";
import { PasskeysCard } from "./passkeys-card";
import { ProfileCard } from "./profile-card";
import { SessionList } from "./session-list";
import { TaxDetails } from "./tax-details";

/** Password, where the account is signed in, warnings about failed sign-ins, and how we message them. */
export default function AccountSecurityPage({ accountRole }: { accountRole: Role }) {
  const t = useT();
  const security = useQuery(accountQueries.security());
  const phoneOnly = useSession().data?.user.phoneOnly === true;
  const notices = security.data?.notices ?? [];

  return (
    <div className="space-y-6">
      <PageHeader title={t("security.title")} subtitle={t("security.subtitle")} />
      {notices.length > 0 && (
        <Card
          className="border-orange-300 dark:border-orange-800"
          role="region"
          aria-label={t("security.notices")}
        >
          <CardContent className="space-y-2 pt-6">
            {notices.map((n) => (
              <p key={n.id} className="flex gap-2 text-sm">
                <ShieldAlert className="h-5 w-5 shrink-0 text-orange-600" aria-hidden />
                <span>
                  <span className="font-medium">{formatDateTime(n.createdAt)}:</span> {n.message}
                </span>
              </p>
            ))}
          </CardContent>
        </Card>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("security.change")}</CardTitle>
          </CardHeader>
          <CardContent>
            {phoneOnly ? (
              <p className="text-sm text-gray-600 dark:text-gray-400">{t("security.phoneOnly")}</p>
            ) : (
              <ChangePasswordForm role={accountRole} />
            )}
          </CardContent>
        </Card>
        <PasskeysCard />
        <MessagePreferences client={accountRole === "client"} />
        {accountRole === "client" && <TaxDetails />}
        {accountRole === "client" && <MyDataCard />}
        {accountRole === "client" && <ProfileCard />}
        <Card>
          <CardHeader>
            <CardTitle>{t("security.sessions")}</CardTitle>
          </CardHeader>
          <CardContent>
            {security.data ? <SessionList sessions={security.data.sessions} /> : <LoadingBars />}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
