import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "wouter";
import type { CatalogueProduct, Recommendation, RecommendationAsk } from "../../../contract/catalogue";
import { formatKes } from "../../lib/format";
import { type MessageId, say, useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import { signed } from "./proof-sections";

/** The figure that answers the farmer's goal, shown beside each pick. */
function goalFigure(product: CatalogueProduct, goal: Recommendation["goal"], t: ReturnType<typeof useT>) {
  const g = product.genetics;
  if (goal === "milk" && g.milkKg != null) return t("product.milkKg", { kg: signed(g.milkKg) });
  if (goal === "beef" && g.dailyGainG != null) return t("assistant.gain", { g: g.dailyGainG });
  if (goal === "easy_calving" && g.calvingEasePct != null)
    return t("assistant.calvingEase", { pct: g.calvingEasePct });
  if (g.heatTolerance) return t("assistant.heat", { level: t(`level.${g.heatTolerance}` as MessageId) });
  return null;
}

/** Where the farm is and what the picks were chosen for, in one sentence. */
function fitLine(r: Recommendation, t: ReturnType<typeof useT>): string {
  const goal = r.goal ? t(`assistant.goal.${r.goal}` as MessageId) : null;
  const where = r.county
    ? t("assistant.county", {
        county: r.county.name,
        zone: t(`zone.${r.county.zone}` as MessageId),
        low: r.county.altitude[0],
        high: r.county.altitude[1],
        heat: t(`level.${r.county.heatStress}` as MessageId),
      })
    : null;
  const picks = goal ? t("assistant.picksFor", { goal }) : t("assistant.picks");
  return [where, r.exact ? picks : t("assistant.notExact")].filter(Boolean).join(" ");
}

/**
 * The assistant's catalogue answer: up to three in-stock products for the farm and goal, each opening its
 * proof sheet. It asks the server, so offline it says the catalogue cannot be reached.
 */
export function AssistantPicks({ ask, onShown }: { ask: RecommendationAsk; onShown: () => void }) {
  const t = useT();
  const { data, isPending, isError } = useQuery(clientQueries.recommendations(ask));
  // The answer arrives after the chat scrolled to the question: bring it into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the answer (or its failure) arrives
  useEffect(() => {
    onShown();
  }, [data, isError]);
  if (isPending) return <p>{t("assistant.looking")}</p>;
  if (isError) return <p>{t("assistant.unreachable")}</p>;
  if (data.products.length === 0) return <p>{t("assistant.none")}</p>;
  return (
    <div data-testid="assistant-picks">
      <p>{fitLine(data, t)}</p>
      <ul className="mt-2 space-y-2">
        {data.products.map((p) => {
          const figure = goalFigure(p, data.goal, t);
          return (
            <li key={p.id}>
              <Link
                href={`/shop/products/${p.id}`}
                className="font-medium text-brand-800 underline underline-offset-2 dark:text-brand-500"
              >
                {p.genetics.bullName ? `${say(p.name)}: ${p.genetics.bullName}` : say(p.name)}
              </Link>
              <span className="block text-xs text-gray-700 dark:text-gray-300">
                {[figure, formatKes(p.price), t("assistant.inStock", { n: p.inStock })]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
