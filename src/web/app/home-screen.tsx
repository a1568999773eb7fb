import { Building2 } from "lucide-react";
import { LinkButton } from "../components/link-button";
import { Card } from "../components/ui/card";
import { ClientAccess } from "../features/client/client-access";
import { PublicHeader } from "../features/public/public-header";

/** The portal choice (SPEC section 3): staff to the back office, clients to the catalogue and their cart. */
export default function HomeScreen() {
  return (
    <div className="min-h-screen">
      <PublicHeader sections={false} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto grid max-w-6xl items-start gap-6 p-4 py-10 lg:grid-cols-[1fr_2fr]"
      >
        <h1 className="sr-only">Urithi: staff and client access</h1>
        <Card className="flex flex-col p-6">
          <Building2 className="h-8 w-8 text-brand-700" aria-hidden />
          <h2 className="mt-3 text-xl font-bold">System Access</h2>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            For Urithi staff: inventory, customers, orders, finance, breeding and logistics.
          </p>
          <LinkButton href="/login" className="mt-6 w-full">
            Staff Login
          </LinkButton>
        </Card>
        <ClientAccess />
      </main>
    </div>
  );
}
