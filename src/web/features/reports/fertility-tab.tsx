import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import type { BatchFertilityLine, FertilityLine } from "../../../contract/catalogue";
import { LinkButton } from "../../components/link-button";
import { LoadError } from "../../components/load-error";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadingCards } from "../../components/ui/loading-cards";
import { reportQueries } from "./api";

/** A batch flagged for conceiving well below its bull, with his rate beside it. */
function BatchFlag({ line }: { line: FertilityLine | BatchFertilityLine }) {
  if (!("flaggedAt" in line)) return null;
  return (
    <>
      {line.bullRate !== null && (
        <span className="block text-xs text-gray-600 dark:text-gray-400">Bull: {line.bullRate}%</span>
      )}
      {line.flaggedAt && (
        <span className="mt-0.5 inline-block rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800 dark:bg-red-900 dark:text-red-100">
          Well below the bull: check handling and storage
        </span>
      )}
    </>
  );
}

function RateTable({
  title,
  lines,
  min,
}: {
  title: string;
  lines: (FertilityLine | BatchFertilityLine)[];
  min: number;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {lines.length === 0 ? (
          <p className="text-sm">No services with a known outcome yet.</p>
        ) : (
          <table className="w-full text-left text-sm" aria-label={title}>
            <thead className="text-xs uppercase text-gray-600 dark:text-gray-400">
              <tr>
                <th className="py-1">Who</th>
                <th className="py-1 text-right">Services</th>
                <th className="py-1 text-right">Conception rate (95% range)</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={`${l.label}-${l.detail}`} className="border-t border-gray-100 dark:border-gray-800">
                  <td className="py-1.5">
                    <span className="font-medium">{l.label}</span>
                    {l.detail && (
                      <span className="block text-xs text-gray-600 dark:text-gray-400">{l.detail}</span>
                    )}
                    <BatchFlag line={l} />
                  </td>
                  <td className="py-1.5 text-right font-mono">
                    {l.services}
                    <span className="block whitespace-nowrap font-sans text-xs text-gray-600 dark:text-gray-400">
                      {l.confirmed} confirmed · {l.reported} by farmers
                    </span>
                  </td>
                  <td className="py-1.5 text-right font-mono">
                    {l.rate === null ? `under ${min}` : `${l.rate}% (${l.low}–${l.high}%)`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

/** Conception rates measured from our own services, as the proof sheets show them. */
export function Fertility() {
  const report = useQuery(reportQueries.fertility());
  if (report.isLoading) return <LoadingCards />;
  if (report.isError || !report.data)
    return <LoadError label="fertility report" onRetry={() => report.refetch()} />;
  const r = report.data;
  return (
    <div className="space-y-4" data-testid="fertility-report">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Pregnant or calved over services with a known outcome, from every breeding record that used our straws
        or embryos. A rate shows from {r.minimumServices} services, with its 95% Wilson interval. Outcomes
        confirmed by staff, a technician or a vet are counted apart from those farmers report; once{" "}
        {r.minimumServices} are confirmed, the rate uses the confirmed ones alone.
      </p>
      <LinkButton href="/api/exports/adgg.zip" download variant="outline">
        <Download /> Download every herd's events for ADGG (.zip of CSV files)
      </LinkButton>
      <div className="grid gap-6 lg:grid-cols-2">
        <RateTable title="By bull" lines={r.bulls} min={r.minimumServices} />
        <RateTable title="By embryo lot" lines={r.embryoLots} min={r.minimumServices} />
        <RateTable title="By technician" lines={r.technicians} min={r.minimumServices} />
        <RateTable title="Sexed and conventional semen" lines={r.semenTypes} min={r.minimumServices} />
        <RateTable title="By batch" lines={r.batches} min={r.minimumServices} />
      </div>
    </div>
  );
}
