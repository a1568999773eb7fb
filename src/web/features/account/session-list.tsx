import { Monitor } from "lucide-react";
import type { AccountSession } from "../../../contract/auth";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { formatDateTime } from "../../lib/format";
import { t, useT } from "../../lib/i18n/i18n";
import { useEndOtherSessions, useEndSession } from "./api";

/** A readable device name from a user agent, e.g. "Chrome on Android". */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return t("security.unknownDevice");
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : t("security.otherSystem");
  return t("security.device", { browser, system });
}

export function SessionList({ sessions }: { sessions: AccountSession[] }) {
  useT();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.filter((s) => !s.current).length;

  return (
    <div className="space-y-3">
      <ul className="divide-y divide-gray-200 dark:divide-gray-800" aria-label={t("security.sessions")}>
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-3 py-3">
            <Monitor className="h-5 w-5 shrink-0 text-gray-500" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {deviceName(s.userAgent)}{" "}
                {s.current && (
                  <Badge tone="green" className="ml-1">
                    {t("security.thisDevice")}
                  </Badge>
                )}
              </p>
              <p className="text-sm text-gray-500 dark:text-gray-400">
                {t("security.sessionLine", {
                  address: s.address ?? t("security.unknownAddress"),
                  signedIn: formatDateTime(s.createdAt),
                  lastActive: formatDateTime(s.lastSeenAt),
                })}
              </p>
            </div>
            {!s.current && (
              <Button
                variant="outline"
                size="sm"
                disabled={endOne.isPending}
                onClick={() =>
                  endOne.mutate(s.id, { onSuccess: () => toast({ title: t("security.ended") }) })
                }
              >
                {t("security.signOut")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        disabled={others === 0 || endOthers.isPending}
        onClick={() =>
          endOthers.mutate(undefined, {
            onSuccess: ({ ended }) =>
              toast({
                title: t("security.signedOutElsewhere"),
                description: t("security.endedCount", { count: ended }),
              }),
          })
        }
      >
        {t("security.signOutOthers")}
      </Button>
    </div>
  );
}
