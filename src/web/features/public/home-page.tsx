import { useQuery } from "@tanstack/react-query";
import { Building2, ShoppingCart, Tractor } from "lucide-react";
import { breedsForLocation } from "../../../contract/breed-advice";
import { LinkButton } from "../../components/link-button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { useTextField } from "../../lib/form";
import { formatKes } from "../../lib/format";
import { clientQueries } from "../client/api";
import { PublicHeader } from "./public-header";

const PREVIEW = 4;

/** Portal choice: staff to the back office, clients to the catalogue and shop (sign-in first). */
export default function HomePage() {
  const products = useQuery(clientQueries.publicProducts());
  const location = useTextField("home-location");
  const advice = breedsForLocation(location.value);
  return (
    <div className="min-h-screen">
      <PublicHeader sections={false} />
      <main className="mx-auto grid max-w-6xl gap-6 p-4 py-10 lg:grid-cols-[1fr_2fr]">
        <Card className="flex flex-col p-6">
          <Building2 className="h-8 w-8 text-brand-700" aria-hidden />
          <h2 className="mt-3 text-xl font-bold">System Access</h2>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            For Urithi staff: inventory, customers, orders, finance, breeding and logistics.
          </p>
          <LinkButton href="/login" className="mt-auto w-full">
            Staff Login
          </LinkButton>
        </Card>
        <Card className="p-6">
          <Tractor className="h-8 w-8 text-brand-700" aria-hidden />
          <h2 className="mt-3 text-xl font-bold">Client Access</h2>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            Browse our genetics, then sign in to order and track deliveries.
          </p>
          <Field label="Your farm's region" placeholder="e.g. Rift Valley" className="mt-4" bind={location} />
          {advice && <p className="mt-2 text-sm text-brand-800 dark:text-brand-500">{advice}</p>}
          <ul className="mt-4 grid gap-3 sm:grid-cols-2" aria-label="Catalogue">
            {products.data?.slice(0, PREVIEW).map((p) => (
              <li
                key={p.id}
                className="rounded-md border border-gray-200 p-3 text-sm dark:border-gray-700"
                data-testid="home-product"
              >
                <p className="font-medium">{p.name}</p>
                <p className="text-xs text-gray-500">{p.inStock} available</p>
                <p className="mt-1 font-semibold">{formatKes(p.price)}</p>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <LinkButton href="/shop" className="flex-1">
              <ShoppingCart /> Place Order
            </LinkButton>
            <LinkButton href="/client-signup" variant="outline" className="flex-1">
              Create an account
            </LinkButton>
          </div>
        </Card>
      </main>
    </div>
  );
}
