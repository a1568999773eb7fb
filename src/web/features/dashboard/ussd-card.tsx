import { useQuery } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { formatDateTime, formatPhone } from "../../lib/format";
import { dashboardQueries, useMarkCalled } from "./api";

/** Call-back requests the card lists at once, oldest first: the farmer who waited longest is rung first. */
const SHOWN = 5;

/** The card's reads: its summary, and for sales staff (`canCall`) the oldest open call-back requests. */
export const ussdCardQueries = (canCall: boolean) => ({
  summary: dashboardQueries.ussd(),
  calls: {
    ...dashboardQueries.callbacks({ view: "open", sort: "createdAt", order: "asc", limit: SHOWN, offset: 0 }),
    enabled: canCall,
  },
});

/**
 * Farmers on feature phones: today's USSD sessions and orders, and, for sales staff, the farmers who chose
 * "Call me" with a button to say they were rung.
 */
export function UssdCard({ canCall }: { canCall: boolean }) {
  const reads = ussdCardQueries(canCall);
  const summary = useQuery(reads.summary);
  const calls = useQuery(reads.calls);
  const called = useMarkCalled();
  const s = summary.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Farmers by USSD</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {!s ? (
          <p className="py-2 text-center text-gray-500">No USSD data available</p>
        ) : (
          <dl className="space-y-2" data-testid="ussd-summary">
            <div className="flex justify-between">
              <dt className="text-gray-600 dark:text-gray-400">Sessions today</dt>
              <dd className="font-semibold tabular-nums">{s.sessionsToday}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-gray-600 dark:text-gray-400">Sessions, last 7 days</dt>
              <dd className="font-semibold tabular-nums">{s.sessions7Days}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-gray-600 dark:text-gray-400">Orders today</dt>
              <dd className="font-semibold tabular-nums">{s.ordersToday}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-gray-600 dark:text-gray-400">Asked to be called</dt>
              <dd className="font-semibold tabular-nums">{s.openCallbacks}</dd>
            </div>
          </dl>
        )}
        {canCall && (calls.data?.length ?? 0) > 0 && (
          <ul
            className="space-y-2 border-t border-gray-100 pt-3 dark:border-gray-800"
            aria-label="Call-back requests"
          >
            {calls.data!.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-medium">{c.name ?? formatPhone(c.phone)}</p>
                  <p className="text-xs text-gray-500">
                    <a href={`tel:${c.phone}`} className="underline">
                      {formatPhone(c.phone)}
                    </a>{" "}
                    · {formatDateTime(c.createdAt)}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={called.isPending}
                  onClick={() => called.mutate(c.id)}
                  aria-label={`Called ${c.name ?? c.phone}`}
                >
                  Called
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
