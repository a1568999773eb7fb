import AccountSecurityPage from "../features/account/account-security-page";
import { ClientLayout } from "../features/client/client-layout";

/** The account security page inside the client portal's header. */
export default function ClientAccountScreen() {
  return (
    <ClientLayout>
      <AccountSecurityPage accountRole="client" />
    </ClientLayout>
  );
}
