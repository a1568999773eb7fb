import type { ReactNode } from "react";
import type { CatalogueProduct, ProofSheet } from "../../../contract/catalogue";
import { MIN_SERVICES_FOR_RATE } from "../../../contract/fertility-rule";
import { Badge } from "../../components/ui/badge";
import { Card } from "../../components/ui/card";
import { formatDate } from "../../lib/format";
import { type MessageId, say, useT } from "../../lib/i18n/i18n";

type Genetics = CatalogueProduct["genetics"];

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="break-inside-avoid p-4 print:border-0 print:p-0 print:shadow-none">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

/** A figure with its sign, as proofs print them: +650, −0.05. */
export const signed = (n: number, decimals = 0) =>
  `${n > 0 ? "+" : n < 0 ? "−" : ""}${Math.abs(n).toFixed(decimals)}`;

function Figure({ label, value, explain }: { label: string; value: string; explain?: string }) {
  return (
    <div className="grid gap-1 border-b border-gray-100 py-2 last:border-0 sm:grid-cols-[12rem_10rem_1fr] dark:border-gray-800">
      <dt className="font-medium">{label}</dt>
      <dd className="font-mono text-base font-semibold" data-testid={`figure-${label}`}>
        {value}
      </dd>
      {explain && <dd className="text-sm text-gray-700 dark:text-gray-300">{explain}</dd>}
    </div>
  );
}

/** A bull's registration and parents; an embryo's sire (with his registration) and dam. */
export function Pedigree({ g, embryo }: { g: Genetics; embryo: boolean }) {
  const t = useT();
  const rows: [MessageId, string | null | undefined][] = embryo
    ? [
        ["proof.sire", g.bullName],
        ["proof.registration", g.registration],
        ["proof.dam", g.damName],
      ]
    : [
        ["proof.registration", g.registration],
        ["proof.sire", g.sireName],
        ["proof.dam", g.damName],
        ["proof.mgs", g.maternalGrandsire],
      ];
  return (
    <Section title={t("proof.identity")}>
      <dl className="grid gap-2 sm:grid-cols-2">
        {rows
          .filter(([, v]) => v)
          .map(([label, v]) => (
            <div key={label}>
              <dt className="text-xs text-gray-600 dark:text-gray-400">{t(label)}</dt>
              <dd className="font-medium">{v}</dd>
            </div>
          ))}
      </dl>
    </Section>
  );
}

/** The proof's figures, each with what it means for the farmer's herd. */
export function ProofFigures({ g }: { g: Genetics }) {
  const t = useT();
  const source = g.proofSource && t(`proof.source.${g.proofSource}`);
  return (
    <Section title={t("proof.figures")}>
      {source && (
        <p className="mb-2 text-sm text-gray-700 dark:text-gray-300">
          {t("proof.evaluated", {
            source,
            reliability: g.reliabilityPct ?? "?",
            body: g.evaluatedBy ?? "—",
            date: formatDate(g.proofDate),
          })}
        </p>
      )}
      <dl>
        {g.milkKg != null && (
          <Figure
            label={t("proof.milk")}
            value={`${signed(g.milkKg)} kg`}
            explain={t(g.milkKg >= 0 ? "proof.milk.more" : "proof.milk.less", { kg: Math.abs(g.milkKg) })}
          />
        )}
        {g.fatKg != null && g.fatPct != null && (
          <Figure
            label={t("proof.fat")}
            value={`${signed(g.fatKg)} kg · ${signed(g.fatPct, 2)}%`}
            explain={t("proof.fat.explain")}
          />
        )}
        {g.proteinKg != null && g.proteinPct != null && (
          <Figure
            label={t("proof.protein")}
            value={`${signed(g.proteinKg)} kg · ${signed(g.proteinPct, 2)}%`}
            explain={t("proof.protein.explain")}
          />
        )}
        {g.productiveLifeMonths != null && (
          <Figure
            label={t("proof.productiveLife")}
            value={signed(g.productiveLifeMonths, 1)}
            explain={t("proof.productiveLife.explain", { months: g.productiveLifeMonths.toFixed(1) })}
          />
        )}
        {g.somaticCellScore != null && (
          <Figure
            label={t("proof.scs")}
            value={g.somaticCellScore.toFixed(2)}
            explain={t("proof.scs.explain")}
          />
        )}
        {g.daughterPregnancyRate != null && (
          <Figure
            label={t("proof.dpr")}
            value={signed(g.daughterPregnancyRate, 1)}
            explain={t("proof.dpr.explain")}
          />
        )}
        {g.calvingEasePct != null && (
          <Figure
            label={t("proof.calvingEase")}
            value={`${g.calvingEasePct.toFixed(1)}%`}
            explain={t("proof.calvingEase.explain", { pct: g.calvingEasePct.toFixed(1) })}
          />
        )}
        {g.indexValue != null && g.indexName && (
          <Figure
            label={`${t("proof.index")} (${g.indexName})`}
            value={signed(g.indexValue)}
            explain={t("proof.index.explain", { name: g.indexName })}
          />
        )}
        {g.dailyGainG != null && (
          <Figure
            label={t("proof.dailyGain")}
            value={`${g.dailyGainG} g`}
            explain={t("proof.dailyGain.explain", { g: g.dailyGainG })}
          />
        )}
      </dl>
    </Section>
  );
}

export function CodesAndClimate({ product }: { product: CatalogueProduct }) {
  const t = useT();
  const g = product.genetics;
  const codes: [boolean, MessageId][] = [
    [g.a2a2, "proof.code.a2a2"],
    [g.polled, "proof.code.polled"],
    [g.kappaCaseinBB, "proof.code.kappa"],
    [g.defectFree, "proof.code.defectFree"],
    [g.slickGene, "proof.code.slick"],
  ];
  const held = codes.filter(([on]) => on);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Section title={t("proof.codes")}>
        {held.length === 0 ? (
          <p className="text-sm">{t("proof.noCodes")}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {held.map(([, id]) => (
              <li key={id}>
                <Badge tone="green">{t(id)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t("proof.tropical")}>
        <ul className="space-y-1 text-sm">
          {g.heatTolerance && <li>{t("proof.heat", { level: t(`level.${g.heatTolerance}`) })}</li>}
          {g.tickResistance && <li>{t("proof.tick", { level: t(`level.${g.tickResistance}`) })}</li>}
          {product.regionSuitability.length > 0 && (
            <li>{t("proof.regions", { regions: product.regionSuitability.map(say).join(", ") })}</li>
          )}
        </ul>
      </Section>
    </div>
  );
}

export function EmbryoDetails({ g }: { g: Genetics }) {
  const t = useT();
  return (
    <Section title={t("proof.embryo")}>
      <ul className="space-y-1 text-sm">
        {g.embryoStage != null && g.embryoGrade != null && (
          <li>
            <strong>{t("proof.stageGrade", { stage: g.embryoStage, grade: g.embryoGrade })}</strong> —{" "}
            {t("proof.stageGrade.explain")}
          </li>
        )}
        {g.preservation && <li>{t(`proof.preservation.${g.preservation}`)}</li>}
        {g.production && <li>{t(`proof.production.${g.production}`)}</li>}
        {g.damMilkKg != null && <li>{t("proof.damMilk", { kg: g.damMilkKg.toLocaleString("en-KE") })}</li>}
        {g.recommendedRecipient && <li>{t("proof.recipient", { recipient: g.recommendedRecipient })}</li>}
      </ul>
    </Section>
  );
}

export function MeasuredFertility({ fertility }: { fertility: CatalogueProduct["fertility"] }) {
  const t = useT();
  return (
    <Section title={t("proof.fertility")}>
      <p className="text-base" data-testid="fertility">
        {fertility.rate === null
          ? t("proof.fertility.few", { services: fertility.services, min: MIN_SERVICES_FOR_RATE })
          : t("proof.fertility.rate", {
              rate: fertility.rate,
              services: fertility.services,
              low: fertility.low,
              high: fertility.high,
            })}
      </p>
      {fertility.services > 0 && (
        <p className="mt-1 text-sm" data-testid="fertility-sources">
          {t("proof.fertility.sources", { confirmed: fertility.confirmed, reported: fertility.reported })}
          {fertility.rate !== null && fertility.confirmed < MIN_SERVICES_FOR_RATE && fertility.reported > 0
            ? ` ${t("proof.fertility.withReports")}`
            : ""}
        </p>
      )}
      <p className="mt-1 text-xs text-gray-700 dark:text-gray-300">{t("proof.fertility.note")}</p>
    </Section>
  );
}

/** The batches a buyer would be sent from, soonest expiry first, with their collection and motility. */
export function BatchesOnSale({ batches }: { batches: ProofSheet["batches"] }) {
  const t = useT();
  if (batches.length === 0) return null;
  return (
    <Section title={t("proof.batches")}>
      <p className="mb-2 text-sm text-gray-700 dark:text-gray-300">{t("proof.batches.explain")}</p>
      <ul className="space-y-1 text-sm" data-testid="proof-batches">
        {batches.map((b) => (
          <li key={b.code}>
            <span className="font-mono font-semibold">{t("proof.batch", { code: b.code })}</span>
            {[
              b.collectedOn && t("proof.batch.collected", { date: formatDate(b.collectedOn) }),
              b.expiryDate && t("proof.batch.useBy", { date: formatDate(b.expiryDate) }),
              b.motilityPct !== null && t("proof.batch.motility", { pct: b.motilityPct }),
            ]
              .filter(Boolean)
              .map((part) => ` · ${part}`)}
          </li>
        ))}
      </ul>
    </Section>
  );
}
